import Foundation

/// Runs the built `tagrules` on a pseudo-terminal (`scripts/pty_session.py`), answering its
/// questions: for the commands that ask only on a terminal.
enum PTY {
    /// One step of a session: wait for output matching a regular expression, or type text.
    enum Step {
        case expect(String)
        case send(String)
    }

    /// Runs `tagrules arguments…` in `directory` on a terminal, doing `steps` in order.
    ///
    /// - Returns: The exit status (124 when a step waited 30 s in vain) and the transcript in
    ///   `stdout` (standard output and error mixed, as a terminal shows them).
    static func run(
        _ arguments: [String], steps: [Step], in directory: URL, environment: [String: String] = [:]
    ) throws -> CLI.Result {
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/pty_session.py").path
        let encoded = try JSONSerialization.data(withJSONObject: steps.map { step -> [String] in
            switch step {
            case .expect(let pattern): ["expect", pattern]
            case .send(let text): ["send", text]
            }
        })
        guard let python = CLI.which("python3") else { throw PDFInfoOracle.OracleMissing(name: "python3") }
        return try CLI.execute(
            python, [script, String(decoding: encoded, as: UTF8.self), "--", CLI.binary.path] + arguments, in: directory,
            environment: [
                "NO_COLOR": "1", "TERM": "xterm",
                "XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-tests-no-config").path,
            ].merging(environment) { _, given in given })
    }
}
