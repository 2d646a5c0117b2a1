extension XMPMetadata {
    /// The cursor that turns bytes into an ``XMPMetadata/XMLDocument`` (see there for what it
    /// accepts).
    struct XMLReader {
        typealias Element = XMLElement

        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func document() throws(PDFError) -> Element {
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
            var stack: [Element] = []
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    let start = index
                    while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
                    try append(
                        .text(decode(bytes[start..<index], inAttribute: false), start..<index), to: &stack)
                } else if starts(with: "</") {
                    guard let element = stack.popLast() else {
                        throw error("xmp packet starts with an end tag")
                    }
                    try endTag(of: element)
                    if stack.isEmpty { return element }
                    stack[stack.count - 1].children.append(.element(element))
                } else if starts(with: "<![CDATA[") {
                    let start = index
                    let end = try find("]]>", from: start + 9, what: "CDATA section")
                    try append(
                        .text(String(decoding: bytes[start + 9..<end], as: UTF8.self), start..<end + 3),
                        to: &stack)
                    index = end + 3
                } else if try skipMarkup() {
                    continue
                } else {
                    let (element, selfClosing) = try startTag(
                        scope: stack.last?.scope ?? ["xml": XMPMetadata.XMLDocument.xmlNamespace])
                    if selfClosing {
                        if stack.isEmpty { return element }
                        stack[stack.count - 1].children.append(.element(element))
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
            throw error("xmp element <\(stack.last?.qualifiedName ?? "")> is not closed")
        }

        private func append(_ node: XMPMetadata.XMLNode, to stack: inout [Element]) throws(PDFError) {
            guard !stack.isEmpty else { throw error("xmp packet has content outside its root element") }
            stack[stack.count - 1].children.append(node)
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

        /// Reads a start tag; returns the element and whether it was self-closing (`/>`).
        private mutating func startTag(scope parentScope: [String: String]) throws(PDFError) -> (
            Element, Bool
        ) {
            let start = index
            index += 1
            let name = try qualifiedName()
            var raw: [(name: (String, String), range: Range<Int>, valueRange: Range<Int>, quote: UInt8)] = []
            var selfClosing = false
            while true {
                let spaceStart = index
                skipSpace()
                guard index < bytes.count else {
                    throw error("xmp start tag <\(name.1)> is not closed", at: start)
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
                    throw error("xmp attribute \(attributeName.1) has no value")
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
                guard
                    let valueEnd = bytes[valueStart...].firstIndex(where: {
                        $0 == quote || $0 == UInt8(ascii: "<")
                    }),
                    bytes[valueEnd] == quote
                else { throw error("xmp attribute value is not closed", at: valueStart) }
                index = valueEnd + 1
                raw.append((attributeName, attributeStart..<index, valueStart..<valueEnd, quote))
            }
            var scope = parentScope
            for attribute in raw {
                let value = decode(bytes[attribute.valueRange], inAttribute: true)
                if attribute.name.0 == "xmlns" {
                    scope[attribute.name.1] = value
                } else if attribute.name == ("", "xmlns") {
                    scope[""] = value.isEmpty ? nil : value
                }
            }
            var attributes: [XMPMetadata.XMLAttribute] = []
            for attribute in raw {
                let (prefix, localName) = attribute.name
                guard !attributes.contains(where: { $0.prefix == prefix && $0.localName == localName }) else {
                    throw error("xmp attribute \(localName) appears twice", at: attribute.range.lowerBound)
                }
                attributes.append(
                    .init(
                        prefix: prefix, localName: localName,
                        namespace: prefix.isEmpty || prefix == "xmlns" ? nil : scope[prefix],
                        value: decode(bytes[attribute.valueRange], inAttribute: true), range: attribute.range,
                        valueRange: attribute.valueRange, quote: attribute.quote))
            }
            let element = Element(
                prefix: name.0, localName: name.1, namespace: scope[name.0], attributes: attributes,
                startTag: start..<index, scope: scope)
            return (element, selfClosing)
        }

        private mutating func endTag(of element: Element) throws(PDFError) {
            let start = index
            index += 2
            let name = try qualifiedName()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">"),
                name == (element.prefix, element.localName)
            else {
                throw error("xmp end tag does not match <\(element.qualifiedName)>", at: start)
            }
            index += 1
            element.endTag = start..<index
        }

        /// Reads a name and splits it at the first colon into (prefix, local name).
        private mutating func qualifiedName() throws(PDFError) -> (String, String) {
            let start = index
            while index < bytes.count && !Self.endsName(bytes[index]) { index += 1 }
            guard index > start else { throw error("xmp markup has a missing name") }
            let name = bytes[start..<index]
            guard let colon = name.firstIndex(of: UInt8(ascii: ":")) else {
                return ("", String(decoding: name, as: UTF8.self))
            }
            return (
                String(decoding: name[..<colon], as: UTF8.self),
                String(decoding: name[(colon + 1)...], as: UTF8.self)
            )
        }

        private static func endsName(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="),
                UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                true
            default: false
            }
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

        private func find(_ literal: String, from start: Int, what: String) throws(PDFError) -> Int {
            let pattern = Array(literal.utf8)
            var position = start
            while position + pattern.count <= bytes.count {
                if bytes[position] == pattern[0]
                    && bytes[position..<position + pattern.count].elementsEqual(pattern)
                {
                    return position
                }
                position += 1
            }
            throw error("xmp \(what) is not closed", at: index)
        }

        /// An error naming the position in the (UTF-8) packet; the packet's place in the file is
        /// not known here, so `offset` stays unset.
        private func error(_ message: String, at offset: Int? = nil) -> PDFError {
            PDFError(.malformed, "\(message) (byte \(offset ?? index) of the packet)")
        }

        /// Resolves references and normalises line ends (XML 1.0 §2.11) and, in attribute values,
        /// white space (§3.3.3). An `&` that starts no known reference stays as it is.
        private func decode(_ raw: ArraySlice<UInt8>, inAttribute: Bool) -> String {
            let plain = !raw.contains {
                $0 == UInt8(ascii: "&") || $0 == 0x0D || (inAttribute && ($0 == 0x09 || $0 == 0x0A))
            }
            if plain { return String(decoding: raw, as: UTF8.self) }
            var output: [UInt8] = []
            output.reserveCapacity(raw.count)
            var position = raw.startIndex
            while position < raw.endIndex {
                let byte = raw[position]
                switch byte {
                case UInt8(ascii: "&"):
                    if let (scalar, length) = Self.reference(raw[position...]) {
                        output.append(contentsOf: String(scalar).utf8)
                        position += length
                        continue
                    }
                    output.append(byte)
                case 0x0D:
                    output.append(inAttribute ? 0x20 : 0x0A)
                    if position + 1 < raw.endIndex && raw[position + 1] == 0x0A { position += 1 }
                case 0x09, 0x0A:
                    output.append(inAttribute ? 0x20 : byte)
                default:
                    output.append(byte)
                }
                position += 1
            }
            return String(decoding: output, as: UTF8.self)
        }

        /// The scalar and length of `&name;` or `&#…;` at the start of `text`, if valid.
        private static func reference(_ text: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
            guard let semicolon = text.prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let body = String(decoding: text[(text.startIndex + 1)..<semicolon], as: UTF8.self)
            let length = semicolon - text.startIndex + 1
            switch body {
            case "lt": return ("<", length)
            case "gt": return (">", length)
            case "amp": return ("&", length)
            case "apos": return ("'", length)
            case "quot": return ("\"", length)
            default:
                guard body.hasPrefix("#") else { return nil }
                let hex = body.hasPrefix("#x")
                let digits = body.dropFirst(hex ? 2 : 1)
                guard !digits.isEmpty, digits.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }),
                    let value = UInt32(digits, radix: hex ? 16 : 10), value != 0,
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                return (scalar, length)
            }
        }
    }
}
