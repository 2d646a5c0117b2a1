/// ANSI styles for text reports; every function returns `text` unchanged when colour is off.
struct Style: Sendable {
    /// Whether escape sequences are emitted.
    let enabled: Bool

    /// Colour for a stream: on only for a terminal in an environment that allows it.
    static func forStream(isTerminal: Bool) -> Style {
        Style(enabled: isTerminal && Terminal.environmentAllowsColor)
    }

    /// No colour.
    static let plain = Style(enabled: false)

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
}
