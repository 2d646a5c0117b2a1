import MetadataModel

/// The transform of `import csv`: each matched PDF gets the values of its CSV row
/// (`LibraryCSVRow.metadata(replacing:filename:)`, which undoes forScore's export conventions
/// so that an unchanged export imports as no change), validated as forScore would read them.
/// Changes are attributed to `csv line N`.
struct CSVImportTransform: MetadataTransform {
    /// The row for each path, from ``CSVImportPlan``.
    var records: [String: LibraryCSV.Record]

    /// Rows take microseconds: no threads, no progress bar.
    func propose(_ scores: [LoadedScore], jobs: Int, progress: ProgressBar?) -> [Proposal] {
        scores.map { score in
            guard let record = records[score.path] else {
                return Proposal(after: score.metadata, changes: [], diagnostics: [])
            }
            let source = "csv line \(record.line)"
            let filename = InterchangeFiles.fileName(of: score.path)
            let (metadata, rowFindings) = record.row.metadata(replacing: score.metadata, filename: filename)
            let (valid, findings) = ForScoreCodec.validate(metadata)
            let changes = score.metadata.changes(to: valid).map { ReportChange(change: $0, rules: [source]) }
            var diagnostics = (rowFindings + findings).map { finding in
                var diagnostic = ReportDiagnostic(finding)
                diagnostic.message = "\(source): " + diagnostic.message
                return diagnostic
            }
            if record.row.reference.contains(where: { !$0.isWhitespace }) {
                diagnostics.append(ReportDiagnostic(
                    severity: .info, code: "reference-not-stored",
                    message: "\(source): reference: PDF metadata cannot hold forScore's Reference field; not written"))
            }
            return Proposal(after: valid, changes: changes, diagnostics: diagnostics)
        }
    }
}
