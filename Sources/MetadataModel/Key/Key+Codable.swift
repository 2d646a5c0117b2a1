extension Key: Codable {
    private enum CodingKeys: String, CodingKey { case keysf, keymi }

    /// Decodes `{"keysf": -3, "keymi": 0}`, rejecting pairs outside the table.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let keysf = try container.decode(Int.self, forKey: .keysf)
        let keymi = try container.decode(Int.self, forKey: .keymi)
        guard let key = Key(keysf: keysf, keymi: keymi) else {
            throw DecodingError.dataCorruptedError(
                forKey: .keysf, in: container,
                debugDescription: "keysf \(keysf), keymi \(keymi) is not a key (keysf -7…7, keymi 0…1)")
        }
        self = key
    }

    /// Encodes `{"keysf": -3, "keymi": 0}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(keysf, forKey: .keysf)
        try container.encode(keymi, forKey: .keymi)
    }
}
