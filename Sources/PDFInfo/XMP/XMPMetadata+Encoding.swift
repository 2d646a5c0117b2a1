import MetadataModel

extension XMPMetadata {
    /// The namespaces an XMP packet may use without declaring them: some writers forget the
    /// declarations of the prefixes every packet uses, and readers such as exiftool take the
    /// prefixes for what they always mean. A declaration in scope wins.
    static let implicitNamespaces = [
        "rdf": rdfNamespace, "dc": dcNamespace, "xmp": xmpNamespace, "pdf": pdfNamespace, "x": metaNamespace,
    ]

    /// Reads a packet given in any encoding XMP allows into a tree.
    ///
    /// - Throws: `.malformed` for UTF-32 and for broken XML (with the line and byte of the UTF-8
    ///   packet); `.limitExceeded` when it nests too deeply.
    static func tree(of packet: [UInt8]) throws(PDFError) -> XMLTree {
        guard let utf8 = XMLEncoding.utf8(packet) else {
            throw PDFError(.malformed, "xmp packet is in UTF-32 or an unknown encoding")
        }
        do {
            return try XMLTree(utf8, options: XMLTree.Options(implicitNamespaces: implicitNamespaces))
        } catch {
            let place = "line \(error.line), byte \(error.offset ?? 0) of the packet"
            throw PDFError(error.code == .limitExceeded ? .limitExceeded : .malformed, "xmp packet: \(error.message) (\(place))")
        }
    }
}
