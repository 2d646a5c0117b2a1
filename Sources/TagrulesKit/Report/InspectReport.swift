import MetadataModel

/// What `inspect` shows: forScore's view of each file, its raw Info strings, pages, outline,
/// the notation file beside it and diagnostics.
///
/// JSON (README "JSON output"): `{"files": [{"path", "status": "ok"|"error", "error", "pages",
/// "metadata": {…}, "info": {key: string}, "toc": [{"title", "level", "page", "uri", "file"}],
/// "source": {…} | null (the notation file beside the PDF),
/// "diagnostics": [{"severity", "code", "message"}]}]}`.
package struct InspectReport: Sendable {
    /// One entry per file, in discovery order.
    package var files: [LoadedScore]

    /// Creates the report of the scores read.
    package init(files: [LoadedScore]) {
        self.files = files
    }
}
