extension XMPMetadata {
    /// The cursor that turns bytes into an ``XMPMetadata/XMLDocument`` (see there for what it
    /// accepts).
    struct XMLReader {
        typealias Node = XMPMetadata.XMLTree.Node

        let bytes: [UInt8]
        var index = 0
        /// The tree being read (see ``XMPMetadata/XMLTree``).
        private var nodes: [Node] = []
        private var attributes: [XMPMetadata.XMLAttribute] = []
        private var scopes: [XMPMetadata.XMLNamespaceScope.Record] = []
        private var bindings: [XMPMetadata.XMLNamespaceScope.Binding] = []

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func document() throws(PDFError) -> XMPMetadata.XMLTree {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while true {
                skipSpace()
                guard index < bytes.count else { throw error("xmp packet has no root element") }
                if try skipMarkup() { continue }
                guard bytes[index] == UInt8(ascii: "<") else {
                    throw error("xmp packet has text before its root element")
                }
                break
            }
            scopes = [.init(parent: nil, bindings: 0..<0)]
            nodes.reserveCapacity(32)
            attributes.reserveCapacity(32)
            bindings.reserveCapacity(16)
            // The open elements, by position in `nodes`.
            var stack: [Int] = []
            stack.reserveCapacity(16)
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    // Text is read again, when it is wanted (see `text(from:to:)`). One byte
                    // ends it: it is given as both bytes to look for.
                    index = position(of: UInt8(ascii: "<"), or: UInt8(ascii: "<"), from: index)
                    try expectContent(in: stack)
                } else if starts(with: "</") {
                    guard let open = stack.popLast() else {
                        throw error("xmp packet starts with an end tag")
                    }
                    try endTag(of: open)
                    if stack.isEmpty { return tree }
                } else if starts(with: "<![CDATA[") {
                    let end = try find("]]>", from: index + 9, what: "CDATA section")
                    try expectContent(in: stack)
                    index = end + 3
                } else if try skipMarkup() {
                    continue
                } else {
                    let parent = stack.last
                    let (element, selfClosing) = try startTag(scope: parent.map { nodes[$0].scope } ?? 0)
                    if let parent { nodes[parent].lastChild = element }
                    if selfClosing {
                        if stack.isEmpty { return tree }
                    } else {
                        guard stack.count < XMPMetadata.XMLDocument.maxDepth else {
                            throw PDFError(
                                .limitExceeded,
                                "xmp elements nest deeper than \(XMPMetadata.XMLDocument.maxDepth) levels")
                        }
                        stack.append(element)
                    }
                }
            }
            throw error("xmp element <\(stack.last.map { nodes[$0].name.qualified(in: bytes) } ?? "")> is not closed")
        }

        /// The tree read so far, once the root element is closed.
        private var tree: XMPMetadata.XMLTree {
            XMPMetadata.XMLTree(bytes: bytes, nodes: nodes, attributes: attributes, scopes: scopes, bindings: bindings)
        }

        /// The text and CDATA between `start` and `end`, decoded and concatenated; comments and
        /// processing instructions are skipped. For the content of an element this reader has
        /// read and that has no child elements.
        mutating func text(from start: Int, to end: Int) -> String {
            // Usually a single run of text: no markup to skip, nothing to concatenate.
            if !bytes[start..<end].contains(UInt8(ascii: "<")) {
                return Self.decode(bytes[start..<end], inAttribute: false)
            }
            index = start
            var text = ""
            while index < end {
                if bytes[index] != UInt8(ascii: "<") {
                    let runStart = index
                    while index < end && bytes[index] != UInt8(ascii: "<") { index += 1 }
                    text += Self.decode(bytes[runStart..<index], inAttribute: false)
                } else if starts(with: "<![CDATA[") {
                    guard let close = position(of: "]]>", from: index + 9) else { break }
                    text += String(decoding: bytes[index + 9..<close], as: UTF8.self)
                    index = close + 3
                } else if starts(with: "<!--") {
                    guard let close = position(of: "-->", from: index + 4) else { break }
                    index = close + 3
                } else {
                    guard let close = position(of: "?>", from: index + 2) else { break }
                    index = close + 2
                }
            }
            return text
        }

        /// Text and CDATA may only appear inside the root element.
        private func expectContent(in stack: [Int]) throws(PDFError) {
            guard !stack.isEmpty else { throw error("xmp packet has content outside its root element") }
        }

        /// Skips a comment or processing instruction; refuses a DTD. False when none starts here.
        private mutating func skipMarkup() throws(PDFError) -> Bool {
            if starts(with: "<!--") {
                index = try find("-->", from: index + 4, what: "comment") + 3
            } else if starts(with: "<?") {
                index = try find("?>", from: index + 2, what: "processing instruction") + 2
            } else if starts(with: "<!") {
                throw error("xmp packets may not contain a DTD or other declarations")
            } else {
                return false
            }
            return true
        }

        /// Reads a start tag into `nodes` and `attributes`, inside the scope at `parentScope`;
        /// returns the element's position and whether it was self-closing (`/>`).
        private mutating func startTag(scope parentScope: Int) throws(PDFError) -> (Int, Bool) {
            let start = index
            index += 1
            let name = try qualifiedName()
            let firstAttribute = attributes.count
            var selfClosing = false
            var declaresNamespaces = false
            while true {
                let spaceStart = index
                skipSpace()
                guard index < bytes.count else {
                    throw error("xmp start tag <\(string(name.localName))> is not closed", at: start)
                }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if starts(with: "/>") {
                    index += 2
                    selfClosing = true
                    break
                }
                guard index > spaceStart else {
                    throw error("xmp attributes must be separated by white space")
                }
                let attributeStart = index
                let attributeName = try qualifiedName()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw error("xmp attribute \(string(attributeName.localName)) has no value")
                }
                index += 1
                skipSpace()
                guard index < bytes.count,
                    bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                else {
                    throw error("xmp attribute value is not quoted")
                }
                let quote = bytes[index]
                let valueStart = index + 1
                let valueEnd = position(of: quote, or: UInt8(ascii: "<"), from: valueStart)
                guard valueEnd < bytes.count, bytes[valueEnd] == quote else {
                    throw error("xmp attribute value is not closed", at: valueStart)
                }
                index = valueEnd + 1
                let declaration = isNamespaceDeclaration(attributeName)
                declaresNamespaces = declaresNamespaces || declaration
                attributes.append(
                    .init(
                        name: attributeName, namespace: nil, range: attributeStart..<index,
                        valueRange: valueStart..<valueEnd, quote: quote, isNamespaceDeclaration: declaration))
            }
            let tagAttributes = firstAttribute..<attributes.count
            // Most tags declare nothing and share their parent's scope.
            let scope = declaresNamespaces ? self.scope(declaredBy: tagAttributes, inside: parentScope) : parentScope
            for position in tagAttributes {
                let attribute = attributes[position]
                for earlier in firstAttribute..<position
                where attributes[earlier].name.matches(attribute.name, in: bytes) {
                    throw error(
                        "xmp attribute \(string(attribute.name.localName)) appears twice",
                        at: attribute.range.lowerBound)
                }
            }
            for position in tagAttributes {
                let name = attributes[position].name
                guard !name.prefix.isEmpty, !name.hasPrefix("xmlns", in: bytes) else { continue }
                attributes[position].namespace = namespace(ofPrefixOf: name, inScope: scope)
            }
            nodes.append(
                Node(
                    name: name, namespace: namespace(ofPrefixOf: name, inScope: scope), attributes: tagAttributes,
                    startTag: start..<index, endTag: nil, subtreeEnd: nodes.count + 1, lastChild: nil,
                    scope: scope))
            return (nodes.count - 1, selfClosing)
        }

        /// `xmlns` or `xmlns:…`.
        private func isNamespaceDeclaration(_ name: XMPMetadata.XMLName) -> Bool {
            name.prefix.isEmpty ? name.hasLocalName("xmlns", in: bytes) : name.hasPrefix("xmlns", in: bytes)
        }

        /// The namespace bound to the prefix of `name` in the scope at `scope` (see
        /// ``XMPMetadata/XMLNamespaceScope/namespace(ofPrefixOf:inScope:of:_:in:)``).
        private func namespace(ofPrefixOf name: XMPMetadata.XMLName, inScope scope: Int) -> XMPMetadata.XMLNamespace? {
            XMPMetadata.XMLNamespaceScope.namespace(ofPrefixOf: name, inScope: scope, of: scopes, bindings, in: bytes)
        }

        /// The scope inside a start tag with `tagAttributes` (positions in `attributes`), as a
        /// position in `scopes`: the parent's when it declares nothing, else a new one.
        private mutating func scope(declaredBy tagAttributes: Range<Int>, inside parent: Int) -> Int {
            let firstBinding = bindings.count
            for attribute in attributes[tagAttributes] where attribute.isNamespaceDeclaration {
                let isDefault = attribute.name.prefix.isEmpty
                bindings.append(
                    .init(
                        prefix: isDefault ? attribute.name.prefix : attribute.name.localName,
                        prefixIsASCII: attribute.name.isASCII, isDefault: isDefault, value: attribute.valueRange,
                        namespace: XMPMetadata.XMLNamespace(attributeValue: attribute.valueRange, in: bytes)))
            }
            guard bindings.count > firstBinding else { return parent }
            scopes.append(.init(parent: parent, bindings: firstBinding..<bindings.count))
            return scopes.count - 1
        }

        /// Reads the end tag of the open element at `open` (a position in `nodes`), which
        /// closes its subtree.
        private mutating func endTag(of open: Int) throws(PDFError) {
            let start = index
            index += 2
            let openName = nodes[open].name
            // Usually the end tag repeats the start tag's name byte for byte, which then matches
            // it: no need to scan the name and compare its parts.
            let repeated = repeatsName(openName.prefix.lowerBound..<openName.localName.upperBound)
            let matches: Bool
            if repeated {
                matches = true
            } else {
                let name = try qualifiedName()
                matches = name.matches(openName, in: bytes)
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">"), matches else {
                throw error("xmp end tag does not match <\(openName.qualified(in: bytes))>", at: start)
            }
            index += 1
            nodes[open].endTag = start..<index
            nodes[open].subtreeEnd = nodes.count
        }

        /// Reads a name and splits it at the first colon. Scans the buffer directly: this runs
        /// for every tag and attribute, twice per update.
        private mutating func qualifiedName() throws(PDFError) -> XMPMetadata.XMLName {
            let start = index
            let (end, colon, isASCII) = bytes.withUnsafeBufferPointer { buffer in
                var position = start
                // -1 until the first colon (a plain integer is cheaper to test than an optional).
                var colon = -1
                var high: UInt8 = 0
                while position < buffer.count {
                    let byte = buffer[position]
                    if Self.endsName(byte) { break }
                    if byte == UInt8(ascii: ":") && colon < 0 { colon = position }
                    high |= byte
                    position += 1
                }
                return (position, colon, high < 0x80)
            }
            index = end
            guard index > start else { throw error("xmp markup has a missing name") }
            return XMPMetadata.XMLName(from: start, to: index, colon: colon < 0 ? nil : colon, isASCII: isASCII)
        }

        /// Whether the name at `index` is the bytes at `name`, whole (followed by a byte that ends
        /// a name); if so, moves past it.
        private mutating func repeatsName(_ name: Range<Int>) -> Bool {
            let (start, end) = (index, index + name.count)
            guard end < bytes.count else { return false }
            let repeated = bytes.withUnsafeBufferPointer { buffer in
                var (position, original) = (start, name.lowerBound)
                while position < end && buffer[position] == buffer[original] {
                    position += 1
                    original += 1
                }
                return position == end && Self.endsName(buffer[end])
            }
            if repeated { index = end }
            return repeated
        }

        private func string(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        /// White space, `/ > = < " '`: the bytes that end a name (one bit each in a mask of the
        /// bytes below 64).
        private static func endsName(_ byte: UInt8) -> Bool {
            let stops: UInt64 =
                1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x20 | 1 << 0x22 | 1 << 0x27 | 1 << 0x2F | 1 << 0x3C
                | 1 << 0x3D | 1 << 0x3E
            return byte < 64 && stops & (1 << UInt64(byte)) != 0
        }

        private mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x09, 0x0A, 0x0D, 0x20: index += 1
                default: return
                }
            }
        }

        /// Whether the bytes at `index` spell `literal` (byte by byte: the generic `starts(with:)`
        /// over a String's UTF-8 view cost more than the rest of the tag).
        private func starts(with literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return literal.withUTF8Buffer { expected in
                for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
                return true
            }
        }

        private func find(_ literal: StaticString, from start: Int, what: String) throws(PDFError) -> Int {
            guard let found = position(of: literal, from: start) else {
                throw error("xmp \(what) is not closed", at: index)
            }
            return found
        }

        /// The first position at or after `start` holding `byte` or `other`; the end of the
        /// bytes when there is none.
        private func position(of byte: UInt8, or other: UInt8, from start: Int) -> Int {
            bytes.withUnsafeBufferPointer { buffer in
                var position = start
                while position < buffer.count && buffer[position] != byte && buffer[position] != other { position += 1 }
                return position
            }
        }

        /// The first position at or after `start` where `literal` begins.
        private func position(of literal: StaticString, from start: Int) -> Int? {
            literal.withUTF8Buffer { pattern in
                var position = start
                while position + pattern.count <= bytes.count {
                    var offset = 0
                    while offset < pattern.count && bytes[position + offset] == pattern[offset] { offset += 1 }
                    if offset == pattern.count { return position }
                    position += 1
                }
                return nil
            }
        }

        /// An error naming the position in the (UTF-8) packet; the packet's place in the file is
        /// not known here, so `offset` stays unset.
        private func error(_ message: String, at offset: Int? = nil) -> PDFError {
            PDFError(.malformed, "\(message) (byte \(offset ?? index) of the packet)")
        }
    }
}
