import Foundation
import MetadataModel
import TestSupport
import Testing

/// The model's own Base64, against RFC 4648's vectors and Foundation as an oracle.
struct Base64Tests {
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func matchesFoundationOnRandomBytes(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let bytes = (0..<Int.random(in: 0...3000, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let encoded = Base64.encode(bytes)
        #expect(encoded == Data(bytes).base64EncodedString())
        #expect(Base64.decode(encoded) == bytes)
    }

    @Test func whitespaceIsSkipped() {
        #expect(Base64.decode(" Zm9v\nYmFy \r\n\t") == Array("foobar".utf8))
    }

    @Test(arguments: ["Zm9", "Zm9v=", "Zg=", "Z===", "Zm=v", "Zm9v!mFy", "Zh==", "Zm9=", "====", "Zm9vY\u{E9}Fy"])
    func malformedInputIsRejected(text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
