import Foundation

/// The user's editor (`$VISUAL`, else `$EDITOR`, else `vi`), run on an edit sheet the way git
/// runs it on a commit message: through the shell, so that `EDITOR="code --wait"` works, on
/// the terminal tagrules runs on.
package enum Editor {
    /// The editor command line.
    static var command: String {
        let environment = ProcessInfo.processInfo.environment
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `sheet` in the editor until what is saved can be read: a sheet that cannot be is
    /// reported with its line (`FILE:LINE: error: …`) and opened again as it was saved; saving
    /// it again unchanged, still unreadable, ends the edit.
    ///
    /// - Returns: What the saved sheet says.
    /// - Throws: `CLIError` when the editor cannot be run or fails, or the sheet is saved
    ///   unreadable twice in a row; nothing is to be written then.
    package static func edits(of sheet: EditSheet) throws(CLIError) -> EditSheet.Edits {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-edit-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        var text = sheet.text
        var lastFailure: String?
        while true {
            do {
                try Data(text.utf8).write(to: file)
            } catch {
                throw CLIError(.outputFailed, "cannot write the edit sheet: \(error.localizedDescription)", path: file.path)
            }
            try open(file.path)
            guard let data = FileManager.default.contents(atPath: file.path), let saved = String(data: data, encoding: .utf8)
            else { throw CLIError(.unreadableInput, "cannot read the edit sheet back as UTF-8 text", path: file.path) }
            do {
                return try sheet.edits(in: saved)
            } catch {
                DiagnosticPrinter().print(path: "\(file.path):\(error.line)", severity: .error, message: error.message, code: "edit-sheet")
                if saved == lastFailure {
                    throw CLIError(.malformedInput, "the edit sheet still cannot be read (line \(error.line)); nothing written")
                }
                Terminal.writeError("the sheet is opened again; save it unchanged to give up\n")
                lastFailure = saved
                text = saved
            }
        }
    }

    /// Runs the editor on `path` and waits for it.
    ///
    /// - Throws: `CLIError` when it cannot be started or exits with a failure.
    static func open(_ path: String) throws(CLIError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", path]
        do {
            try process.run()
        } catch {
            throw CLIError(.editorFailed, "cannot run the editor '\(command)': \(error.localizedDescription); set VISUAL or EDITOR")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CLIError(
                .editorFailed, "the editor '\(command)' failed (status \(process.terminationStatus)); nothing written")
        }
    }
}
