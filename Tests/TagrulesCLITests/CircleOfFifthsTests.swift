import Foundation
import MetadataModel
import TestSupport
import Testing
@testable import TagrulesKit

/// Issue 28: the HTML report's circle of fifths — no two key discs overlap (the minor keys'
/// inner ring was the crowded one), whatever the counts; checked on the SVG's geometry, and on
/// the page as headless Chromium lays it out and screenshots it.
struct CircleOfFifthsTests {
    /// A disc of the chart: centre, radius, and the keys it stands for.
    struct Disc {
        var x, y, r: Double
        var label: String
    }

    /// The discs of an SVG chart, read from its `<g class="key …">` elements.
    static func discs(in svg: String) -> [Disc] {
        let pattern = try! NSRegularExpression(
            pattern: #"<g class="key[^"]*"><title>([^<]*)</title><circle cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)"/>"#)
        let text = svg as NSString
        return pattern.matches(in: svg, range: NSRange(location: 0, length: text.length)).map { match in
            func group(_ index: Int) -> String { text.substring(with: match.range(at: index)) }
            return Disc(x: Double(group(2))!, y: Double(group(3))!, r: Double(group(4))!, label: group(1))
        }
    }

    /// The pairs of discs whose circles meet or overlap.
    static func overlaps(_ discs: [Disc]) -> [String] {
        var found: [String] = []
        for a in discs.indices {
            for b in discs.indices where b > a {
                let distance = ((discs[a].x - discs[b].x) * (discs[a].x - discs[b].x) + (discs[a].y - discs[b].y) * (discs[a].y - discs[b].y)).squareRoot()
                if distance <= discs[a].r + discs[b].r { found.append("\(discs[a].label) / \(discs[b].label)") }
            }
        }
        return found
    }

    /// Counts to draw: none, one key only, every position at the maximum, the demo's shape
    /// (a few majors), crowded minors, and random libraries.
    static let libraries: [[Key: Int]] = {
        var libraries: [[Key: Int]] = [
            [:],
            [Key(keysf: 0, keymi: 1)!: 1],
            Dictionary(uniqueKeysWithValues: Key.all.map { ($0, 50) }),
            Dictionary(uniqueKeysWithValues: Key.all.filter(\.isMinor).map { ($0, 9) }),
            [Key(keysf: 0, keymi: 1)!: 40, Key(keysf: 1, keymi: 1)!: 38, Key(keysf: -1, keymi: 1)!: 41, Key(keysf: 0, keymi: 0)!: 39],
        ]
        var random = SplitMix64(seed: 28)
        for _ in 0..<50 {
            libraries.append(Dictionary(uniqueKeysWithValues: Key.all.map { ($0, Int.random(in: 0...200, using: &random)) }))
        }
        return libraries
    }()

    @Test(arguments: libraries.indices)
    func noTwoDiscsOverlap(_ index: Int) {
        var stats = LibraryStats([])
        stats.keys = Self.libraries[index].filter { $0.value > 0 }
        let svg = CircleOfFifthsChart(stats: stats).svg()
        let discs = Self.discs(in: svg)
        #expect(discs.count == 24)
        #expect(Self.overlaps(discs).isEmpty, "\(Self.overlaps(discs))")
        let size = CircleOfFifthsChart.size
        for disc in discs {
            #expect(disc.x - disc.r > 0 && disc.x + disc.r < size && disc.y - disc.r > 24 && disc.y + disc.r < size, "\(disc)")
            // The totals in the middle stay clear of the inner ring's discs.
            let fromCenter = ((disc.x - size / 2) * (disc.x - size / 2) + (disc.y - size / 2) * (disc.y - size / 2)).squareRoot()
            #expect(fromCenter - disc.r > 60, "\(disc)")
        }
    }

    /// The report of a library with every key, most scores in three neighbouring minor keys and
    /// C major, as headless Chromium renders it: the discs' boxes on the page do not overlap,
    /// and the screenshot is made (`scripts/render_report.sh`, which installs Chromium when it
    /// is missing).
    @Test func renderedDiscsDoNotOverlap() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let source = Fixtures.library.appendingPathComponent(Fixtures.Demo.bach)
        let library = scratch.url.appendingPathComponent("library")
        let crowded: Set<String> = ["A minor", "E minor", "D minor", "C major"]
        for key in Key.all {
            let folder = library.appendingPathComponent(key.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for copy in 0..<(crowded.contains(key.name) ? 9 : 1) {
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("\(copy).pdf"))
            }
            let set = try CLI.run(["set", folder.path, "--key", key.name, "--yes"])
            #expect(set.status == 0, "\(set.stderr)")
        }
        let report = scratch.url.appendingPathComponent("report.html")
        let inspect = try CLI.run(["inspect", library.path, "-o", report.path])
        #expect(inspect.status == 0, "\(inspect.stderr)")

        let png = scratch.url.appendingPathComponent("report.png")
        let render = try CLI.execute(
            URL(fileURLWithPath: "/bin/bash"), [Fixtures.packageRoot.appendingPathComponent("scripts/render_report.sh").path, report.path, png.path],
            environment: ["HEIGHT": "1000"])
        #expect(render.status == 0, "\(render.stderr)")
        let shot = try Data(contentsOf: png)
        #expect(shot.count > 10_000 && shot.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG of the page")

        // The page with a script that measures the discs as laid out, and writes what it found.
        let measuring = scratch.url.appendingPathComponent("measure.html")
        let script = #"""
            <pre id="geometry"></pre><script>
            const discs = [...document.querySelectorAll("svg.fifths g.key circle")].map(c => {
              const b = c.getBoundingClientRect();
              return { x: b.left + b.width / 2, y: b.top + b.height / 2, r: b.width / 2, label: c.parentNode.querySelector("title").textContent };
            });
            const overlaps = [];
            for (let i = 0; i < discs.length; i++) for (let j = i + 1; j < discs.length; j++) {
              if (Math.hypot(discs[i].x - discs[j].x, discs[i].y - discs[j].y) <= discs[i].r + discs[j].r) overlaps.push(discs[i].label + " / " + discs[j].label);
            }
            document.getElementById("geometry").textContent = "discs " + discs.length + " smallest " + Math.min(...discs.map(d => d.r)).toFixed(1) + " overlaps " + JSON.stringify(overlaps);
            </script>
            """#
        let page = try String(contentsOf: report, encoding: .utf8).replacingOccurrences(of: "</body>", with: script + "</body>")
        try page.write(to: measuring, atomically: true, encoding: .utf8)
        let browser = try #require(
            ["chromium", "chromium-headless-shell", "chromium-browser", "google-chrome"].lazy.compactMap(CLI.which).first,
            "render_report.sh installs Chromium")
        let dom = try CLI.execute(browser, [
            "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1000", "--dump-dom", measuring.absoluteString,
        ])
        let line = try #require(dom.stdout.split(separator: "\n").first { $0.contains("<pre id=\"geometry\">") }, "\(dom.stdout.suffix(500))")
        #expect(line.contains(">discs 24 smallest "), "\(line)")
        #expect(line.contains(" overlaps []</pre>"), "\(line)")
    }
}
