import Foundation
import MetadataModel

/// An SVG of a library's keys on the circle of fifths: majors on the outer ring, their relative
/// minors on the inner ring, C/a at the top and sharps clockwise. Each position's disc grows
/// with the number of scores in that key; enharmonic keys (B/C♭, F♯/G♭, D♭/C♯ and their
/// minors) share a position and its count.
///
/// No two discs overlap, however the counts fall: the rings are placed for the largest disc
/// (``largestDisc``) with ``gap`` between neighbours — on the inner ring, where the twelve
/// positions are closest, and between the rings.
struct CircleOfFifthsChart {
    var stats: LibraryStats

    /// The disc of a key without scores, and the smallest of one with scores.
    static let smallestDisc = 20.0
    /// The disc of the most common key.
    static let largestDisc = 31.0
    /// The least room between two discs.
    static let gap = 4.0
    /// The inner ring: neighbours 30° apart are a chord of 2·r·sin 15° apart.
    static let innerRadius = ((largestDisc + gap / 2) / sin(Double.pi / 12)).rounded(.up)
    /// The outer ring, a disc and a gap beyond the inner ring's discs.
    static let outerRadius = innerRadius + 2 * largestDisc + gap
    /// Room above the outer ring's top disc for the legend.
    private static let legendRoom = 28.0
    /// The width and height: the outer ring's discs and the legend inside.
    static let size = 2 * (outerRadius + largestDisc + legendRoom)

    /// The chart as an inline `<svg>` element.
    func svg() -> String {
        let (size, innerRadius, outerRadius) = (Self.size, Self.innerRadius, Self.outerRadius)
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
                let discRadius = Self.discRadius(scores: scores, maximum: maximum)
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

    /// A disc's radius: its area grows with the scores in its keys, up to ``largestDisc`` for
    /// the most common position.
    static func discRadius(scores: Int, maximum: Int) -> Double {
        guard scores > 0 else { return smallestDisc }
        let fraction = (Double(scores) / Double(max(scores, maximum))).squareRoot()
        return (smallestDisc + 1 + (largestDisc - smallestDisc - 1) * fraction).rounded2
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
