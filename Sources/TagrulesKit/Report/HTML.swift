import MetadataModel

/// Building blocks of the HTML reports: escaping, the stylesheet, bar lists.
enum HTML {
    /// `text` safe in element content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A page: `<!doctype html>`, the stylesheet, `body` inside `<main>`.
    static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(stylesheet)
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }

    /// A titled list of horizontal bars, the longest first, at most `limit` rows.
    static func bars(title: String, rows: [(name: String, count: Int)], limit: Int = 12) -> String {
        var out = "<div class=\"bars\"><h3>\(escape(title))</h3>"
        guard let top = rows.first?.count, top > 0 else {
            return out + "<p class=\"none\">none</p></div>"
        }
        out += "<ol>"
        for row in rows.prefix(limit) {
            let percent = max(2, row.count * 100 / top)
            out += "<li><span class=\"label\" title=\"\(escape(row.name))\">\(escape(row.name))</span>"
            out += "<span class=\"bar\"><span style=\"width:\(percent)%\"></span></span><span class=\"n\">\(row.count)</span></li>"
        }
        out += "</ol>"
        if rows.count > limit { out += "<p class=\"more\">and \(rows.count - limit) more</p>" }
        return out + "</div>"
    }

    /// Diagnostics as a list with severity badges.
    static func diagnostics(_ list: [Diagnostic]) -> String {
        guard !list.isEmpty else { return "" }
        return "<ul class=\"diagnostics\">" + list.map { diagnostic in
            "<li class=\"\(diagnostic.severity.rawValue)\"><b>\(diagnostic.severity.rawValue)</b> \(escape(diagnostic.locatedMessage)) <code>\(escape(diagnostic.code.rawValue))</code></li>"
        }.joined() + "</ul>"
    }

    static let stylesheet = """
        :root { --fg:#1d2330; --muted:#667085; --line:#e4e7ec; --bg:#f7f8fa; --accent:#3b5bdb;
                --red:#c92a2a; --redbg:#fff0f0; --green:#2b8a3e; --greenbg:#ebfbee; --amber:#b7791f; }
        * { box-sizing: border-box; }
        body { margin:0; background:var(--bg); color:var(--fg);
               font:15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
        main { max-width:1100px; margin:0 auto; padding:28px 24px 60px; }
        h1 { margin:0; font-size:26px; } h2 { margin:36px 0 12px; font-size:19px; } h3 { margin:0 0 8px; font-size:15px; }
        .sub { color:var(--muted); margin:4px 0 20px; }
        .cards { display:flex; flex-wrap:wrap; gap:12px; }
        .card { background:#fff; border:1px solid var(--line); border-radius:10px; padding:12px 18px; min-width:120px; }
        .card b { display:block; font-size:26px; } .card span { color:var(--muted); font-size:13px; }
        .card.errors b { color:var(--red); } .card.written b, .card.undone b { color:var(--green); } .card.skipped b { color:var(--amber); }
        .charts { display:grid; grid-template-columns: 480px 1fr; gap:20px; align-items:start; }
        .panel { background:#fff; border:1px solid var(--line); border-radius:10px; padding:16px; }
        .lists { display:grid; gap:20px; }
        svg.fifths { display:block; max-width:100%; height:auto; font-family:inherit; }
        svg .ring { fill:none; stroke:var(--line); stroke-width:2; }
        svg .key circle { fill:var(--accent); fill-opacity:.85; stroke:#fff; stroke-width:2; }
        svg .key.minor circle { fill:#7048e8; }
        svg .key.empty circle { fill:#eef0f4; fill-opacity:1; stroke:var(--line); }
        svg .name { text-anchor:middle; font-size:12px; font-weight:600; fill:#fff; }
        svg .empty .name { fill:var(--muted); font-weight:500; font-size:11px; }
        svg .count { text-anchor:middle; font-size:11px; fill:#fff; }
        svg .total { text-anchor:middle; font-size:16px; font-weight:600; fill:var(--fg); }
        svg .subtotal, svg .legend { text-anchor:middle; font-size:12px; fill:var(--muted); }
        .bars ol { list-style:none; margin:0; padding:0; }
        .bars li { display:grid; grid-template-columns: 210px 1fr 36px; gap:8px; align-items:center; margin:3px 0; }
        .bars .label { white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
        .bars .bar { background:#eef0f4; border-radius:4px; height:12px; }
        .bars .bar span { display:block; height:100%; background:var(--accent); border-radius:4px; }
        .bars .n { text-align:right; color:var(--muted); font-variant-numeric:tabular-nums; }
        .none, .more { color:var(--muted); margin:4px 0; }
        article { background:#fff; border:1px solid var(--line); border-radius:10px; padding:14px 18px; margin:12px 0; }
        article h3 { display:flex; gap:10px; align-items:center; font-size:14px; }
        article h3 code { font-size:14px; word-break:break-all; }
        .badge { font-size:12px; padding:2px 8px; border-radius:999px; background:#eef0f4; color:var(--muted); white-space:nowrap; }
        .badge.changed { background:#fff4e6; color:var(--amber); } .badge.written, .badge.undone { background:var(--greenbg); color:var(--green); }
        .badge.error { background:var(--redbg); color:var(--red); } .badge.skipped, .badge.would-skip { background:#fff4e6; color:var(--amber); }
        table { border-collapse:collapse; width:100%; margin:6px 0; table-layout:fixed; }
        table.diff col.field { width:110px; } table.diff col.before, table.diff col.after { width:34%; }
        th, td { text-align:left; padding:6px 8px; border-top:1px solid var(--line); vertical-align:top; }
        th { color:var(--muted); font-weight:500; font-size:13px; }
        td.field { width:110px; font-weight:600; }
        table.fields td { padding:4px 8px; } table.fields td.field { width:150px; } td.rules { color:var(--muted); font-size:13px; }
        td.before { background:var(--redbg); color:var(--red); text-decoration:line-through; text-decoration-color:#e03131aa; }
        td.after { background:var(--greenbg); color:var(--green); }
        .error-line { color:var(--red); margin:4px 0; }
        ul.diagnostics { margin:8px 0 0; padding-left:18px; font-size:13px; }
        ul.diagnostics li.warning b { color:var(--amber); } ul.diagnostics li.error b { color:var(--red); } ul.diagnostics li.info b { color:var(--muted); }
        ul.diagnostics code { color:var(--muted); }
        details.unchanged summary { cursor:pointer; color:var(--muted); }
        @media (max-width: 900px) { .charts { grid-template-columns: 1fr; } }
        """
}
