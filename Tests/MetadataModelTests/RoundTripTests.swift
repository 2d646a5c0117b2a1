import MetadataModel
import Testing

/// Property tests over generated metadata. Every case has its own seed, printed on failure:
/// `MetadataGenerator(seed: s).valid()` reproduces it.
struct RoundTripTests {
    static let casesPerSeed = 300
    /// Diagnostics that report a surprise but change nothing.
    static let lossless: Set<Diagnostic.Code> = [
        .semicolonSeparated, .newlineInTitle, .keysfWithoutKeymi, .keymiWithoutKeysf,
    ]

    static func seeds(_ base: UInt64) -> [UInt64] {
        (0..<UInt64(casesPerSeed)).map { base &* 1_000_003 &+ $0 }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func decodeEncodeIsIdentityForValidMetadata(base: UInt64) {
        for seed in Self.seeds(base) {
            var generator = MetadataGenerator(seed: seed)
            let metadata = generator.valid()
            let (validated, validation) = ForScoreCodec.validate(metadata)
            #expect(validated == metadata, "seed \(seed): generator made invalid metadata")
            #expect(validation.allSatisfy { Self.lossless.contains($0.code) }, "seed \(seed): \(validation)")
            for durationKeyword in DurationKeyword.allCases {
                let (info, _) = ForScoreCodec.encode(metadata, options: EncodingOptions(durationKeyword: durationKeyword))
                let (decoded, diagnostics) = ForScoreCodec.decode(info)
                #expect(decoded == metadata, "seed \(seed), \(durationKeyword): \(info)")
                #expect(diagnostics.allSatisfy { Self.lossless.contains($0.code) }, "seed \(seed): \(diagnostics)")
            }
        }
    }

    @Test(arguments: [4, 5, 6] as [UInt64])
    func validateIsWhatForScoreShowsForAnyMetadata(base: UInt64) {
        for seed in Self.seeds(base) {
            var generator = MetadataGenerator(seed: seed)
            let metadata = generator.arbitrary()
            let (validated, _) = ForScoreCodec.validate(metadata)
            let (info, _) = ForScoreCodec.encode(metadata)
            var (decoded, diagnostics) = ForScoreCodec.decode(info)
            decoded.labels = validated.labels
            #expect(decoded == validated, "seed \(seed): \(info)")
            // What tagrules writes reads back cleanly.
            #expect(diagnostics.allSatisfy { Self.lossless.contains($0.code) }, "seed \(seed): \(diagnostics)")
            // Validation is idempotent and its result re-validates silently (bar the lossless notes).
            let (again, notes) = ForScoreCodec.validate(validated)
            #expect(again == validated, "seed \(seed)")
            #expect(notes.allSatisfy { Self.lossless.contains($0.code) }, "seed \(seed): \(notes)")
        }
    }

    /// What forScore reads from any Info strings is stored unchanged by writing it back: the
    /// writer may treat an unchanged reading as "nothing to write" without encoding it.
    @Test(arguments: [7, 8] as [UInt64])
    func decodedMetadataIsAFixedPointOfEncodeThenDecode(base: UInt64) {
        var seen: Set<Diagnostic.Code> = []
        for seed in Self.seeds(base) {
            var generator = MetadataGenerator(seed: seed)
            let info = generator.arbitraryInfo()
            let (read, diagnostics) = ForScoreCodec.decode(info)
            seen.formUnion(diagnostics.map(\.code))
            #expect(ForScoreCodec.validate(read).metadata == read, "seed \(seed): \(info)")
            for durationKeyword in DurationKeyword.allCases {
                let written = ForScoreCodec.encode(read, options: EncodingOptions(durationKeyword: durationKeyword)).info
                #expect(ForScoreCodec.decode(written).metadata == read, "seed \(seed), \(durationKeyword): \(info)")
            }
        }
        // The Info strings were as troublesome as the property is about.
        let troubles: Set<Diagnostic.Code> = [
            .clamped, .nonNumeric, .trailingText, .duplicateKeyword, .legacyKeyword, .semicolonSeparated, .emptyPiece,
        ]
        #expect(troubles.isSubset(of: seen), "missing: \(troubles.subtracting(seen))")
    }

    /// The generator really produces the troublesome inputs the properties are about.
    @Test func arbitraryMetadataExercisesEveryValidationDiagnostic() {
        var seen: Set<Diagnostic.Code> = []
        for seed in Self.seeds(4) {
            var generator = MetadataGenerator(seed: seed)
            seen.formUnion(ForScoreCodec.validate(generator.arbitrary()).diagnostics.map(\.code))
        }
        let expected: Set<Diagnostic.Code> = [
            .clamped, .commaInValue, .emptyPiece, .tagLooksLikeKeyword, .semicolonSeparated, .newlineInTitle,
            .keysfWithoutKeymi, .keymiWithoutKeysf,
        ]
        #expect(seen == expected)
    }
}
