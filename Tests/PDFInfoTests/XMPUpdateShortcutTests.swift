import Testing

@testable import PDFInfo

/// The updater's shortcuts against the definitions they replace, on random packets
/// (``RandomXMPPacket``).
struct XMPUpdateShortcutTests {
    private static let changes = [
        XMPChange(
            title: "T", creators: ["A", "B"], description: nil, keywords: "k1, k2", modifyDate: "2024-01-02T03:04:05Z",
            metadataDate: "2024-01-02T03:04:05Z"),
        XMPChange(
            title: nil, creators: [], description: "D & d", keywords: nil, modifyDate: "2024-01-02T03:04:05Z",
            metadataDate: "2024-01-02T03:04:05Z"),
    ]

    /// The update reads only xmp:CreateDate and pdf:Producer from the packet to know what the
    /// result must read back as: every other property is written, or (dc:subject, when the
    /// packet has none) stays absent. So reading just those two gives what reading all did.
    @Test func readingTheKeptPropertiesEqualsReadingAll() throws {
        var random = RandomXMPPacket()
        var (withSubject, withKept) = (0, 0)
        for _ in 0..<3_000 {
            let packet = random.packet()
            let document = try XMPMetadata.tree(of: Array(packet.utf8))
            let rdf = try #require(XMPMetadata.rdfElement(in: document))
            let all = XMPMetadata.properties(of: document)
            let kept = XMPMetadata.properties(of: document, only: [.createDate, .producer])
            let keepingSubject = XMPUpdater.Editor(document: document, rdf: rdf).hasProperty(XMPMetadata.dcNamespace, "subject")
            #expect(kept == XMPMetadata(createDate: all.createDate, producer: all.producer), "\(packet)")
            #expect(keepingSubject || all.subjects.isEmpty, "\(packet)")
            withSubject += all.subjects.isEmpty ? 0 : 1
            withKept += all.createDate == nil && all.producer == nil ? 0 : 1
        }
        // The packets exercise both sides of each shortcut.
        #expect(withSubject > 100 && withKept > 100)
    }

    /// Every random packet is updated, and the result reads back as written (the updater's own
    /// check) and keeps what the change does not touch.
    @Test func randomPacketsAreUpdated() throws {
        var random = RandomXMPPacket()
        for index in 0..<1_000 {
            let packet = Array(random.packet().utf8)
            let change = Self.changes[index % Self.changes.count]
            let before = try XMPMetadata.parse(packet)
            let after = try XMPMetadata.parse(XMPUpdater.update(packet, with: change))
            #expect(after.createDate == before.createDate && after.producer == before.producer)
            #expect(after.title == change.title && after.keywords == change.keywords)
        }
    }
}
