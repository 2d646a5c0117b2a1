/// The file key and password checks of revisions 2–4, built on MD5 and RC4
/// (ISO 32000-1 §7.6.3.3, Algorithms 2–7).
struct MD5KeyDerivation {
    let parameters: EncryptionParameters
    /// The first element of the trailer's /ID; empty when the file has none (as qpdf and pdf.js
    /// read such files).
    let firstFileID: [UInt8]

    /// The 32 bytes that pad a password (Algorithm 2 step (a)).
    static let padding: [UInt8] = [
        0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
        0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
    ]

    /// The byte forms to try for a password typed as text. Revisions 2–4 define passwords in
    /// PDFDocEncoding (§7.6.3.3 Algorithm 2 step (a)), tried first when every character is
    /// encodable; the UTF-8 bytes come second, for writers that used them as they were.
    static func passwordCandidates(_ password: String) -> [[UInt8]] {
        let utf8 = Array(password.utf8)
        var docEncoded: [UInt8] = []
        for scalar in password.unicodeScalars {
            guard let byte = PDFDocEncoding.encode(scalar) else { return [utf8] }
            docEncoded.append(byte)
        }
        return docEncoded == utf8 ? [utf8] : [docEncoded, utf8]
    }

    /// Algorithm 2 step (a): the password truncated or padded to exactly 32 bytes.
    static func padded(_ password: [UInt8]) -> [UInt8] {
        let prefix = Array(password.prefix(32))
        return prefix + padding.prefix(32 - prefix.count)
    }

    /// Algorithm 2: the file key for a user password.
    func fileKey(userPassword: [UInt8]) -> [UInt8] {
        var input = Self.padded(userPassword) + parameters.owner
        let flags = UInt32(bitPattern: parameters.permissions)
        input += (0..<4).map { UInt8(truncatingIfNeeded: flags >> (8 * $0)) }
        input += firstFileID
        if parameters.revision >= 4 && !parameters.encryptsMetadata {
            input += [0xFF, 0xFF, 0xFF, 0xFF]
        }
        var hash = Digests.md5(input)
        let length = parameters.keyLength
        if parameters.revision >= 3 {
            for _ in 0..<50 { hash = Digests.md5(Array(hash.prefix(length))) }
        }
        return Array(hash.prefix(length))
    }

    /// Algorithms 4 and 5: the /U value that `fileKey` produces. Revision 2 yields 32 bytes;
    /// revisions 3 and 4 yield the 16 bytes that are compared (the rest of /U is arbitrary).
    func userValue(fileKey: [UInt8]) -> [UInt8] {
        if parameters.revision == 2 {
            return RC4.apply(key: fileKey, to: Self.padding)
        }
        var value = RC4.apply(key: fileKey, to: Digests.md5(Self.padding + firstFileID))
        for round in 1...19 {
            value = RC4.apply(key: fileKey.map { $0 ^ UInt8(round) }, to: value)
        }
        return value
    }

    /// Algorithm 6: the file key when `password` is the user password, else nil.
    func authenticateUser(_ password: [UInt8]) -> [UInt8]? {
        let key = fileKey(userPassword: password)
        let expected = userValue(fileKey: key)
        return parameters.user.prefix(expected.count).elementsEqual(expected) ? key : nil
    }

    /// Algorithm 7: the file key when `password` is the owner password, else nil. The owner
    /// password's key (Algorithm 3 steps (a)–(d)) decrypts /O into the user password, which
    /// Algorithm 6 then checks, so a wrong construction can never grant owner access.
    ///
    /// For keys shorter than 16 bytes, writers disagree on Algorithm 3 step (c): ISO 32000-1
    /// hashes the whole 16-byte digest in each of the 50 rounds, while qpdf and files made to
    /// match it hash only its first n bytes, as Algorithm 2 step (h) does. Both
    /// are tried; for 128-bit keys they coincide.
    func authenticateOwner(_ password: [UInt8]) -> [UInt8]? {
        let length = parameters.keyLength
        var roundInputs = [16]
        if parameters.revision >= 3 && length < 16 { roundInputs.append(length) }
        for roundInput in roundInputs {
            var hash = Digests.md5(Self.padded(password))
            if parameters.revision >= 3 {
                for _ in 0..<50 { hash = Digests.md5(Array(hash.prefix(roundInput))) }
            }
            let key = Array(hash.prefix(length))
            var userPassword = parameters.owner
            if parameters.revision == 2 {
                userPassword = RC4.apply(key: key, to: userPassword)
            } else {
                for round in stride(from: 19, through: 0, by: -1) {
                    userPassword = RC4.apply(key: key.map { $0 ^ UInt8(round) }, to: userPassword)
                }
            }
            if let fileKey = authenticateUser(userPassword) { return fileKey }
        }
        return nil
    }
}
