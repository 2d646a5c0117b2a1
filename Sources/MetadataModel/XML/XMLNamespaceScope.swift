/// The namespace declarations in scope inside an element (Namespaces in XML 1.0 §6): those of
/// its start tag, then those of its ancestors. The `xml` prefix is bound by definition.
package struct XMLNamespaceScope: Sendable {
    /// The namespace the `xml` prefix is bound to (Namespaces in XML 1.0 §3).
    package static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    private let storage: XMLTree.Storage
    private let index: Int

    init(_ storage: XMLTree.Storage, _ index: Int) {
        self.storage = storage
        self.index = index
    }

    /// The URI the nearest declaration of `prefix` ("" for the default namespace) gives in the
    /// scope at `scope`, empty when it takes the namespace away; nil when nothing declares it
    /// (the `xml` prefix is declared by definition).
    static func declaredURI(
        of prefix: Substring, in scope: Int, _ scopes: [XMLTree.Scope], _ bindings: [XMLTree.Binding]
    ) -> String? {
        var current: Int? = scope
        while let position = current {
            let record = scopes[position]
            for binding in bindings[record.bindings].reversed() where binding.prefix == prefix {
                return binding.uri
            }
            current = record.parent
        }
        return prefix == "xml" ? xmlNamespace : nil
    }

    /// The URI `prefix` is bound to here ("" for the default namespace); nil when unbound.
    package func uri(boundTo prefix: String) -> String? {
        Self.declaredURI(of: prefix[...], in: index, storage.scopes, storage.bindings).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Prefix → namespace URI for every binding in force ("" is the default namespace).
    package var uris: [String: String] {
        var chain: [XMLTree.Scope] = []
        var current: Int? = index
        while let position = current {
            chain.append(storage.scopes[position])
            current = storage.scopes[position].parent
        }
        var uris = ["xml": Self.xmlNamespace]
        for record in chain.reversed() {
            for binding in storage.bindings[record.bindings] {
                uris[binding.prefix] = binding.uri.isEmpty ? nil : binding.uri
            }
        }
        return uris
    }

    /// A prefix bound to `uri` here (the alphabetically first), else "" when it is the default
    /// namespace; nil when nothing binds it.
    package func prefix(boundTo uri: String) -> String? {
        var least: String?
        var isDefault = false
        for (prefix, bound) in uris where bound == uri {
            if prefix.isEmpty {
                isDefault = true
            } else if least.map({ prefix < $0 }) ?? true {
                least = prefix
            }
        }
        return least ?? (isDefault ? "" : nil)
    }
}
