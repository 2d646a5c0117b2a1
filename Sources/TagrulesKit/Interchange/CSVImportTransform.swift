import MetadataModel

/// The transform of `import csv`: each matched PDF gets the values of its CSV row
/// (`LibraryCSVRow.metadata(replacing:filename:)`, which undoes forScore's export conventions
/// so that an unchanged export imports as no change), validated as forScore would read them.
/// Changes are attributed to `csv line N`.
package struct CSVImportTransform: ScoreByScoreTransform {
    /// The row for each path, from ``CSVImportPlan``.
    var records: [String: LibraryCSV.Record]

    package func proposal(for score: LoadedScore) -> Proposal {
        guard let record = records[score.path] else {
            return Proposal(after: score.metadata, changes: [], diagnostics: [])
        }
        let source = "csv line \(record.line)"
        let filename = InterchangeFiles.fileName(of: score.path)
        let (metadata, rowFindings) = record.row.metadata(replacing: score.metadata, filename: filename)
        let (valid, validation) = ForScoreCodec.validate(metadata)
        let changes = score.metadata.changes(to: valid)
        let findings = Self.fresh(row: rowFindings, validation: validation, changes: changes, readingFound: score.diagnostics)
        // The row's line leads, before the field: `csv line 2: tags: …`.
        var diagnostics = findings.map { finding in
            Diagnostic(severity: finding.severity, code: finding.code, message: "\(source): " + finding.locatedMessage)
        }
        if record.row.reference.contains(where: { !$0.isWhitespace }) {
            diagnostics.append(Diagnostic(
                severity: .info, code: "reference-not-stored",
                message: "\(source): reference: PDF metadata cannot hold forScore's Reference field; not written"))
        }
        return Proposal(
            after: valid, changes: changes.map { ReportChange(change: $0, rules: [source]) }, diagnostics: diagnostics)
    }

    /// What reading the row and validating its values found that was not reported already, so
    /// that each finding is shown once:
    ///
    /// - a row finding about a value the row leaves as it is, of a kind reading the PDF reported
    ///   for that field, repeats it (`folk; guitar` in the PDF's tags and in the Tags cell);
    /// - validation checks the row's values again, and the PDF's where cells are blank: it adds
    ///   only findings about changed values that reading the row did not make (a tag that
    ///   looks like a keyword).
    private static func fresh(
        row: [Diagnostic], validation: [Diagnostic], changes: [MetadataChange],
        readingFound: [Diagnostic]
    ) -> [Diagnostic] {
        let changedFields = changes.map(\.field)
        let fromRow = row.filter { finding in
            Proposal.isAboutChangedValue(finding.field, changedFields: changedFields)
                || !readingFound.contains { $0.field == finding.field && $0.code == finding.code }
        }
        let fromValidation = validation.filter { finding in
            Proposal.isAboutChangedValue(finding.field, changedFields: changedFields)
                && !row.contains { $0.field == finding.field && $0.code == finding.code }
        }
        return fromRow + fromValidation
    }

    /// Creates the transform of the score rows of an imported CSV, by file name.
    package init(records: [String: LibraryCSV.Record]) {
        self.records = records
    }
}
