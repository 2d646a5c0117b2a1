/// ANSI styles for text reports; every function returns `text` unchanged when colour is off.
package struct Style: Sendable {
    /// Whether escape sequences are emitted.
    let enabled: Bool

    /// Colour for a stream: on only for a terminal in an environment that allows it.
    package static func forStream(isTerminal: Bool) -> Style {
        Style(enabled: isTerminal && Terminal.environmentAllowsColor)
    }

    /// No colour.
    package static let plain = Style(enabled: false)

    /// An ANSI style, by its SGR code.
    package enum Code: String, Sendable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
    }

    private func wrap(_ text: String, _ code: Code) -> String {
        enabled ? "\u{1B}[\(code.rawValue)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, .bold) }
    package func dim(_ text: String) -> String { wrap(text, .dim) }
    package func red(_ text: String) -> String { wrap(text, .red) }
    package func green(_ text: String) -> String { wrap(text, .green) }
    func yellow(_ text: String) -> String { wrap(text, .yellow) }
    func cyan(_ text: String) -> String { wrap(text, .cyan) }

    /// `text` in the colour or weight `code`.
    func apply(_ code: Code, _ text: String) -> String { wrap(text, code) }
}
