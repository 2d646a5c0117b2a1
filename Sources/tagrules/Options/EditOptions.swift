import ArgumentParser
import MetadataModel
import RuleHost
import TagrulesKit

/// The fields `tagrules set` can change, and how they are given on the command line.
struct EditOptions: ParsableArguments {
    /// A field `--clear` can empty.
    enum ClearableField: String, CaseIterable, ExpressibleByArgument {
        case title, composers, genres, tags, rating, difficulty, duration, key
    }

    @Option(help: ArgumentHelp("The title (an empty string removes it).", valueName: "text"))
    var title: String?

    @Option(name: .customLong("composer"), help: ArgumentHelp("A composer; repeat for several. Replaces the composers.", valueName: "name"))
    var composers: [String] = []

    @Option(name: .customLong("genre"), help: ArgumentHelp("A genre; repeat for several. Replaces the genres.", valueName: "name"))
    var genres: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag; repeat for several. Replaces the tags.", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("add-tag"), help: ArgumentHelp("Add a tag unless present (case-insensitive); repeatable.", valueName: "tag"))
    var addTags: [String] = []

    @Option(name: .customLong("remove-tag"), help: ArgumentHelp("Remove a tag (case-insensitive); repeatable.", valueName: "tag"))
    var removeTags: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Rating, 0–5.", valueName: "n"))
    var rating: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Difficulty, 0–3.", valueName: "n"))
    var difficulty: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Duration in seconds, or as m:ss / h:mm:ss.", valueName: "time"))
    var duration: String?

    @Option(help: ArgumentHelp("Key, e.g. \"E-flat major\", \"Eb major\", \"F# minor\", \"Es-Dur\", \"ré mineur\" (one of forScore's 30 keys).", valueName: "name"))
    var key: String?

    @Option(name: .customLong("clear"), help: ArgumentHelp(
        "Remove a field: title, composers, genres, tags, rating, difficulty, duration or key; repeatable.",
        valueName: "field"))
    var clear: [ClearableField] = []

    func validate() throws {
        _ = try edit()
    }

    /// The edit the options describe.
    ///
    /// - Throws: `ValidationError` naming the flag: a number out of range, a duration or key
    ///   that cannot be read, a field both set and cleared, or no edit at all.
    func edit() throws -> MetadataEdit {
        var edit = MetadataEdit()
        if let title { edit.title = title.isEmpty ? .clear : .set(title) }
        if !composers.isEmpty { edit.composers = .set(composers) }
        if !genres.isEmpty { edit.genres = .set(genres) }
        if !tags.isEmpty { edit.tags = .set(tags) }
        edit.addTags = addTags
        edit.removeTags = removeTags
        if let rating { edit.rating = .set(try Self.checked(rating, flag: "--rating", field: .rating)) }
        if let difficulty { edit.difficulty = .set(try Self.checked(difficulty, flag: "--difficulty", field: .difficulty)) }
        if let duration {
            guard let seconds = FieldText.seconds(duration) else {
                throw ValidationError("--duration: '\(duration)' is not a number of seconds or m:ss")
            }
            edit.duration = .set(seconds)
        }
        if let key {
            do {
                edit.key = .set(try FieldText.key(key))
            } catch {
                throw ValidationError("--key: \(error.message)")
            }
        }
        for field in clear {
            try clearField(field, in: &edit)
        }
        guard !edit.isEmpty else {
            throw ValidationError("nothing to set: give at least one of --title, --composer, --genre, --tag, --add-tag, --remove-tag, --rating, --difficulty, --duration, --key, --clear")
        }
        return edit
    }

    private func clearField(_ field: ClearableField, in edit: inout MetadataEdit) throws {
        func conflict() -> ValidationError {
            ValidationError("--clear \(field.rawValue) conflicts with the option that sets \(field.rawValue)")
        }
        switch field {
        case .title: guard title == nil else { throw conflict() }; edit.title = .clear
        case .composers: guard composers.isEmpty else { throw conflict() }; edit.composers = .clear
        case .genres: guard genres.isEmpty else { throw conflict() }; edit.genres = .clear
        case .tags: guard tags.isEmpty else { throw conflict() }; edit.tags = .clear
        case .rating: guard rating == nil else { throw conflict() }; edit.rating = .clear
        case .difficulty: guard difficulty == nil else { throw conflict() }; edit.difficulty = .clear
        case .duration: guard duration == nil else { throw conflict() }; edit.duration = .clear
        case .key: guard key == nil else { throw conflict() }; edit.key = .clear
        }
    }

    private static func checked(_ value: Int, flag: String, field: MetadataField) throws -> Int {
        guard let range = field.validRange, range.contains(value) else {
            let range = field.validRange.map { "\($0.lowerBound)–\($0.upperBound)" } ?? "in range"
            throw ValidationError("\(flag) must be \(range) (got \(value))")
        }
        return value
    }
}
