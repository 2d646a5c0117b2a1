import TestSupport
import Testing

@testable import PDFInfo

/// `StreamDecoder.decodedData` reads a stream with one filter named (`/Filter /F`) without the
/// filter lists it builds for an array (`/Filter [/F]`). Both forms, with every form of
/// /DecodeParms, must give the same bytes or the same error, encrypted or not.
struct StreamFilterFormTests {
    /// The stream `data` with `filter` and `parms` as the dictionary's entries.
    static func decoded(_ data: [UInt8], filter: PDFObject, parms: PDFObject?, decrypting: Bool) -> String {
        var dictionary = PDFDictionary()
        dictionary["Filter"] = filter
        dictionary["DecodeParms"] = parms
        let stream = PDFStream(ref: ObjectRef(7), dictionary: dictionary, dataOffset: 0, dataLength: data.count)
        // A stand-in for decryption: reverses the bytes and records the crypt filter named.
        var named = "-"
        let decrypt = { (raw: [UInt8], cryptFilter: String?) throws(PDFError) -> [UInt8] in
            named = cryptFilter ?? "none"
            return raw.reversed()
        }
        do throws(PDFError) {
            let bytes = try StreamDecoder.decodedData(
                of: stream, source: MemoryByteSource(data), maxOutput: 1 << 20, decrypt: decrypting ? decrypt : nil)
            return "\(bytes) \(named)"
        } catch {
            return "error \(error.code) \(error.message) \(error.offset ?? -1) \(named)"
        }
    }

    @Test func oneNamedFilterReadsAsAOneFilterArray() {
        var generator = SplitMix64(seed: 5)
        let filters: [PDFName] = ["FlateDecode", "Fl", "ASCIIHexDecode", "AHx", "ASCII85Decode", "A85", "Crypt", "LZWDecode"]
        let predictor = PDFDictionary([("Predictor", .integer(12)), ("Columns", .integer(2))])
        let crypt = PDFDictionary([("Name", .name("StdCF"))])
        let parmsForms: [PDFObject?] = [
            nil, .dictionary(predictor), .dictionary(crypt), .array([]), .array([.dictionary(predictor)]),
            .array([.null, .dictionary(crypt)]), .array([.dictionary(crypt)]), .integer(3),
        ]
        let inputs: [[UInt8]] = [
            FilterTests.helloZlib, Array("48656C6C6F>".utf8), Array("87cURD]i,\"Ebo80~>".utf8), [], [0xFF, 0x00, 0x01],
            Array(FilterTests.helloZlib.reversed()), Array(">F6C6C6548".utf8),
        ]
        for _ in 0..<600 {
            let filter = filters.randomElement(using: &generator)!
            let parms = parmsForms.randomElement(using: &generator)!
            let data = Bool.random(using: &generator)
                ? inputs.randomElement(using: &generator)!
                : (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for decrypting in [false, true] {
                let named = Self.decoded(data, filter: .name(filter), parms: parms, decrypting: decrypting)
                let listed = Self.decoded(data, filter: .array([.name(filter)]), parms: parms, decrypting: decrypting)
                #expect(named == listed, "\(filter) \(String(describing: parms)) \(data) decrypting: \(decrypting)")
            }
        }
    }
}
