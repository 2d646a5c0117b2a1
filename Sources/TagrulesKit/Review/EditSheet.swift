import MetadataModel

/// The text `tagrules edit` (and `apply --interactive`'s `[e]dit`) opens in the editor: forScore's
/// view of each score as a block of `field: value` lines under a `file:` line, and a comment
/// header saying how to edit it.
///
/// ```text
/// file: library/Chopin Nocturne Op.9 No.2 Es-Dur.pdf
/// title: Nocturne
/// composers: Frédéric Chopin
/// genres: Romantic
/// tags:
/// rating: 4
/// difficulty:
/// duration: 4:30
/// key: E♭ major
/// ```
///
/// Reading it back gives, per score, the fields whose line the user changed: a line left as it
/// was changes nothing, so a value the sheet cannot show exactly (a title with a line break)
/// is never altered by being shown.
package struct EditSheet: Sendable {
    /// A score shown in the sheet: its path (the block's key) and the values shown.
    package struct Entry: Sendable, Hashable {
        package var path: String
        package var metadata: ScoreMetadata

        package init(path: String, metadata: ScoreMetadata) {
            self.path = path
            self.metadata = metadata
        }
    }

    /// The fields of a block, in order, as they are named on their lines.
    enum Field: String, CaseIterable {
        case title, composers, genres, tags, rating, difficulty, duration, key
    }

    /// What the user's sheet says.
    package struct Edits: Sendable {
        /// The edit of each score whose block is still there (empty when no line changed).
        package var byPath: [String: MetadataEdit] = [:]
        /// Whether no block is left: the user cancelled.
        package var isCancelled: Bool { byPath.isEmpty }
    }

    /// A line of the edited sheet that cannot be read.
    package struct Error: Swift.Error, Sendable, Hashable {
        package var line: Int
        package var message: String
    }

    package let entries: [Entry]

    package init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The sheet's text.
    package var text: String {
        var out = """
            # tagrules edit: \(entries.count) score\(entries.count == 1 ? "" : "s"). Change the values, save and close the editor:
            # tagrules then shows what changed and asks before writing it (as apply writes: an update
            # that `tagrules undo` removes).
            # - Each score starts at its "file:" line; leave that line as it is.
            # - composers, genres, tags: separated by commas. rating 0-5, difficulty 0-3, duration
            #   in seconds or m:ss, key like "E-flat major" or "F# minor".
            # - An empty value removes the field; a line left as it is changes nothing.
            # - Delete a score's block to leave that score alone; delete them all to cancel.

            """
        for entry in entries {
            out += "\nfile: \(entry.path)\n"
            for field in Field.allCases {
                let value = Self.value(field, of: entry.metadata)
                out += value.isEmpty ? "\(field.rawValue):\n" : "\(field.rawValue): \(value)\n"
            }
        }
        return out
    }

    /// Whether a path can head a block (a line break in it would end the line).
    package static func canShow(_ path: String) -> Bool {
        !path.contains(where: \.isNewline)
    }

    /// The value of `field` as a line of the sheet shows it.
    static func value(_ field: Field, of metadata: ScoreMetadata) -> String {
        switch field {
        case .title: metadata.title ?? ""
        case .composers: metadata.composers.joined(separator: ", ")
        case .genres: metadata.genres.joined(separator: ", ")
        case .tags: metadata.tags.joined(separator: ", ")
        case .rating: metadata.rating.map(String.init) ?? ""
        case .difficulty: metadata.difficulty.map(String.init) ?? ""
        case .duration: metadata.duration.map(ValueText.duration) ?? ""
        case .key: metadata.keysf == nil && metadata.keymi == nil ? "" : ValueText.key(metadata)
        }
    }

    /// Reads the edited sheet.
    ///
    /// - Throws: ``Error`` with the line of the first problem: a line that is no `field: value`,
    ///   an unknown field, a field given twice in a block, a `file:` line that names no score
    ///   of the sheet or one twice, a value its field cannot take.
    package func edits(in text: String) throws(EditSheet.Error) -> Edits {
        let shown = Dictionary(entries.map { ($0.path, $0.metadata) }, uniquingKeysWith: { first, _ in first })
        var edits = Edits()
        var current: (path: String, metadata: ScoreMetadata, seen: Set<Field>)?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop(while: \.isWhitespace)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw Error(line: number, message: "expected 'field: value' (or a comment starting with #)")
            }
            let name = line[..<colon].trimmingWhitespace().lowercased()
            let value = String(line[line.index(after: colon)...].trimmingWhitespace())
            if name == "file" {
                guard let metadata = shown[value] else {
                    throw Error(line: number, message: "'\(value)' is not one of the scores being edited; leave the file: lines as they are")
                }
                guard edits.byPath[value] == nil else {
                    throw Error(line: number, message: "'\(value)' has two blocks; keep one")
                }
                edits.byPath[value] = MetadataEdit()
                current = (value, metadata, [])
                continue
            }
            guard let field = Field(rawValue: name) else {
                let known = Field.allCases.map(\.rawValue).joined(separator: ", ")
                throw Error(line: number, message: "unknown field '\(name)' (the fields: file, \(known))")
            }
            guard let block = current else {
                throw Error(line: number, message: "'\(name)' comes before any file: line; each score starts at its file: line")
            }
            guard current?.seen.insert(field).inserted == true else {
                throw Error(line: number, message: "'\(name)' is given twice for \(block.path)")
            }
            guard value != Self.value(field, of: block.metadata) else { continue }  // left as it was
            do {
                try Self.read(value, into: field, of: &edits.byPath[block.path, default: MetadataEdit()])
            } catch {
                throw Error(line: number, message: "\(name): \(error.message)")
            }
        }
        return edits
    }

    /// Sets `field` of `edit` to what `value` says.
    private static func read(_ value: String, into field: Field, of edit: inout MetadataEdit) throws(FieldText.Problem) {
        func list() -> MetadataEdit.Change<[String]> {
            let items = value.split(separator: ",").map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }
            return items.isEmpty ? .clear : .set(items)
        }
        func number(_ metadataField: MetadataField) throws(FieldText.Problem) -> MetadataEdit.Change<Int> {
            guard !value.isEmpty else { return .clear }
            guard let number = Int(value), let range = metadataField.validRange, range.contains(number) else {
                let range = metadataField.validRange.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? ""
                throw FieldText.Problem(message: "'\(value)' is not a whole number\(range)")
            }
            return .set(number)
        }
        switch field {
        case .title: edit.title = value.isEmpty ? .clear : .set(value)
        case .composers: edit.composers = list()
        case .genres: edit.genres = list()
        case .tags: edit.tags = list()
        case .rating: edit.rating = try number(.rating)
        case .difficulty: edit.difficulty = try number(.difficulty)
        case .duration:
            guard !value.isEmpty else { edit.duration = .clear; return }
            guard let seconds = FieldText.seconds(value) else {
                throw FieldText.Problem(message: "'\(value)' is not a number of seconds or m:ss")
            }
            edit.duration = .set(seconds)
        case .key:
            edit.key = value.isEmpty ? .clear : .set(try FieldText.key(value))
        }
    }
}

extension StringProtocol {
    /// The text without whitespace at either end.
    fileprivate func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
