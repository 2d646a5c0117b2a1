/// Which keyword carries the duration when tagrules writes Keywords.
///
/// pdf-metadata.txt's table says `duration:N` and its prose says `seconds:N`; forScore-notes.md
/// finds no public evidence of which one forScore parses. tagrules reads both as the same
/// field and writes exactly one of them.
public enum DurationKeyword: String, Sendable, Hashable, Codable, CaseIterable {
    /// `duration:N`, what every public tool writes (the default).
    case duration
    /// `seconds:N`, the spelling of the page's prose.
    case seconds
}

/// Choices for `ForScoreCodec.encode(_:options:)`.
public struct EncodingOptions: Sendable, Hashable {
    /// The keyword used for the duration; `.duration` unless the user chooses otherwise.
    public var durationKeyword: DurationKeyword

    /// Creates options.
    /// - Parameter durationKeyword: The keyword used for the duration.
    public init(durationKeyword: DurationKeyword = .duration) {
        self.durationKeyword = durationKeyword
    }
}
