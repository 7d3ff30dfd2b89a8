import JSONCore
/// A URI reference split into its RFC 3986 components, with reference resolution (§5.2).
///
/// JSON Schema identifies schema resources by absolute URI (`$id`) and points at them with URI
/// references (`$ref`). Foundation's `URL` normalizes some forms (such as `urn:`) differently
/// from RFC 3986, so the validator resolves references with this small, exact implementation.
///
/// ```swift
/// let base = URIReference("http://example.com/root.json")
/// base.resolving("folder/item.json#/$defs/a").description
/// // "http://example.com/folder/item.json#/$defs/a"
/// ```
struct URIReference: Sendable, Hashable, CustomStringConvertible {
    let scheme: String?
    let authority: String?
    let path: String
    let query: String?
    let fragment: String?
    /// The reference as text, assembled once (it keys every lookup during validation).
    let description: String

    /// Splits `text` with the regular expression of RFC 3986 appendix B (which accepts any string).
    init(_ text: String) {
        var rest = Substring(text)
        var fragment: String?, query: String?, scheme: String?, authority: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
            rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        self.init(scheme: scheme, authority: authority, path: String(rest), query: query, fragment: fragment)
    }

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        description = text
    }

    var isAbsolute: Bool { scheme != nil }

    /// The reference with no fragment: the identifier of the resource it lives in.
    var withoutFragment: URIReference {
        fragment == nil ? self : URIReference(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    static func == (lhs: URIReference, rhs: URIReference) -> Bool { lhs.description == rhs.description }
    func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Resolves `reference` against this (base) URI as RFC 3986 §5.2.2 specifies.
    func resolving(_ reference: String) -> URIReference {
        resolving(URIReference(reference))
    }

    func resolving(_ r: URIReference) -> URIReference {
        if let scheme = r.scheme {
            return URIReference(scheme: scheme, authority: r.authority, path: Self.removingDotSegments(r.path),
                                query: r.query, fragment: r.fragment)
        }
        if r.authority != nil {
            return URIReference(scheme: scheme, authority: r.authority, path: Self.removingDotSegments(r.path),
                                query: r.query, fragment: r.fragment)
        }
        if r.path.isEmpty {
            return URIReference(scheme: scheme, authority: authority, path: path, query: r.query ?? query, fragment: r.fragment)
        }
        let path = r.path.hasPrefix("/") ? Self.removingDotSegments(r.path) : Self.removingDotSegments(merged(with: r.path))
        return URIReference(scheme: scheme, authority: authority, path: path, query: r.query, fragment: r.fragment)
    }

    /// RFC 3986 §5.2.3.
    private func merged(with relative: String) -> String {
        if authority != nil && path.isEmpty { return "/" + relative }
        guard let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    /// RFC 3986 §5.2.4.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var result = ""
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                output.removeLast(output.isEmpty ? 0 : 1)
            } else if input == "/.." {
                input = "/"
                output.removeLast(output.isEmpty ? 0 : 1)
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        for segment in output { result += segment }
        return result
    }
}
