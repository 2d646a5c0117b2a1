import Foundation
import MetadataModel

/// An SVG of a library's keys on the circle of fifths: majors on the outer ring, their relative
/// minors on the inner ring, C/a at the top and sharps clockwise. Each position's disc grows
/// with the number of scores in that key; enharmonic keys (B/C♭, F♯/G♭, D♭/C♯ and their
/// minors) share a position and its count.
struct CircleOfFifthsChart {
    var stats: LibraryStats

    private let size = 460.0
    private let outerRadius = 170.0
    private let innerRadius = 100.0

    /// The chart as an inline `<svg>` element.
    func svg() -> String {
        let center = size / 2
        let maximum = max(1, (0..<12).flatMap { position in [0, 1].map { count(position: position, keymi: $0) } }.max() ?? 1)
        var out = """
            <svg class="fifths" viewBox="0 0 \(Int(size)) \(Int(size))" width="\(Int(size))" height="\(Int(size))" \
            role="img" aria-label="Key distribution on the circle of fifths" xmlns="http://www.w3.org/2000/svg">
            <circle cx="\(center)" cy="\(center)" r="\(outerRadius)" class="ring"/>
            <circle cx="\(center)" cy="\(center)" r="\(innerRadius)" class="ring"/>

            """
        for keymi in [0, 1] {
            let radius = keymi == 0 ? outerRadius : innerRadius
            for position in 0..<12 {
                let angle = (Double(position) * 30 - 90) * Double.pi / 180
                let x = (center + radius * cos(angle)).rounded2
                let y = (center + radius * sin(angle)).rounded2
                let scores = count(position: position, keymi: keymi)
                let keys = Self.keys(position: position, keymi: keymi)
                let label = keys.map { Self.shortName($0) }.joined(separator: "/")
                let tooltip = keys.map { "\($0.name): \(stats.keys[$0] ?? 0)" }.joined(separator: ", ")
                let discRadius = scores == 0 ? 20.0 : (21 + 17 * (Double(scores) / Double(maximum)).squareRoot()).rounded2
                let kind = keymi == 0 ? "major" : "minor"
                out += "<g class=\"key \(kind)\(scores == 0 ? " empty" : "")\"><title>\(HTML.escape(tooltip))</title>"
                out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(discRadius)\"/>"
                out += "<text x=\"\(x)\" y=\"\(scores == 0 ? y + 4 : y)\" class=\"name\">\(HTML.escape(label))</text>"
                if scores > 0 { out += "<text x=\"\(x)\" y=\"\(y + 14)\" class=\"count\">\(scores)</text>" }
                out += "</g>\n"
            }
        }
        let withKey = stats.keys.values.reduce(0, +)
        out += "<text x=\"\(center)\" y=\"\(center - 6)\" class=\"total\">\(withKey) with a key</text>"
        out += "<text x=\"\(center)\" y=\"\(center + 14)\" class=\"subtotal\">\(stats.withoutKey) without</text>\n"
        out += "<text x=\"\(center)\" y=\"18\" class=\"legend\">outer ring: major · inner ring: minor</text>\n"
        return out + "</svg>"
    }

    /// Scores in the keys at `position` (0 = C/a, clockwise in fifths).
    private func count(position: Int, keymi: Int) -> Int {
        Self.keys(position: position, keymi: keymi).reduce(0) { $0 + (stats.keys[$1] ?? 0) }
    }

    /// The keys at a position: keysf ≡ position (mod 12), fewest accidentals first.
    static func keys(position: Int, keymi: Int) -> [Key] {
        Key.all.filter { $0.keymi == keymi && (($0.keysf % 12) + 12) % 12 == position }
            .sorted { abs($0.keysf) != abs($1.keysf) ? abs($0.keysf) < abs($1.keysf) : $0.keysf > $1.keysf }
    }

    /// `E♭` for E♭ major, `c♯` for C♯ minor (minor keys in lower case, as on printed circles).
    static func shortName(_ key: Key) -> String {
        let tonic = key.name.split(separator: " ").first.map(String.init) ?? key.name
        return key.isMinor ? tonic.lowercased() : tonic
    }
}

private extension Double {
    /// Two decimals, enough for SVG coordinates and stable across platforms.
    var rounded2: Double { (self * 100).rounded() / 100 }
}
