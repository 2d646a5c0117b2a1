/// The catalog's XMP metadata stream (ISO 32000-1 §14.3.2).
public struct MetadataStream: Sendable, Hashable {
    /// The stream object's identity, reused when the packet is rewritten (pdf-notes §1.11).
    public var ref: ObjectRef
    /// The decoded packet bytes.
    public var packet: [UInt8]

    /// The parsed packet.
    public func parsed() throws(PDFError) -> XMPMetadata { try XMPMetadata.parse(packet) }
}

extension PDFDocument {
    static let maxXMPSize = 16 * 1024 * 1024

    /// The catalog's /Metadata stream, or nil when there is none (or it is not an indirect stream).
    public func metadataStream() throws(PDFError) -> MetadataStream? {
        guard securityError == nil,
              let ref = catalog?["Metadata"]?.referenceValue,
              case .stream(let stream)? = try object(ref) else { return nil }
        return MetadataStream(ref: ref, packet: try decodedData(of: stream, maxOutput: Self.maxXMPSize))
    }
}
