import JSONCore
import Foundation

/// Where the validator finds schemas named by URI: documents registered in memory, directories
/// that stand in for URL prefixes, and the draft 2020-12 meta-schemas (always present).
///
/// ```swift
/// var registry = SchemaRegistry()
/// registry.map(prefix: "http://localhost:1234/", toDirectory: "testdata/remotes")
/// registry.register(["type": "integer"], at: "https://example.com/int.json")
/// let schema = try JSONSchema(["$ref": "https://example.com/int.json"],
///                             options: .init(registry: registry))
/// ```
///
/// Nothing is fetched from the network: an unknown URI is a `SchemaError`.
public struct SchemaRegistry: Sendable {
    private var documents: [String: JSONValue] = [:]
    private var directories: [(prefix: String, directory: String)] = []

    public init() {}

    /// Makes `document` available under the absolute URI `uri` (without fragment).
    public mutating func register(_ document: JSONValue, at uri: String) {
        documents[URIReference(uri).withoutFragment.description] = document
    }

    /// Serves every URI that starts with `prefix` from the file at the rest of the URI under
    /// `directory` (`http://localhost:1234/a/b.json` → `<directory>/a/b.json`).
    public mutating func map(prefix: String, toDirectory directory: String) {
        directories.append((prefix, directory))
    }

    /// The embedded meta-schemas, parsed once. (They are fixed text checked by the test suite,
    /// so a parse failure cannot happen at run time; one would leave that URI unregistered.)
    static let parsedMetaSchemas: [String: JSONValue] = draft202012MetaSchemas.compactMapValues {
        try? JSONValue(parsing: $0)
    }

    /// Whether `uri` is served by the embedded meta-schemas (not overridden by `register`).
    func isBuiltIn(_ uri: String) -> Bool {
        documents[uri] == nil && Self.parsedMetaSchemas[uri] != nil
    }

    /// The document for `uri`, nil when nothing provides it.
    /// - throws: `SchemaError.Reason.unreadableRemote` when a mapped file exists but cannot be read or parsed.
    func document(at uri: String) throws(SchemaError) -> JSONValue? {
        if let document = documents[uri] { return document }
        if let metaSchema = Self.parsedMetaSchemas[uri] { return metaSchema }
        for (prefix, directory) in directories where uri.hasPrefix(prefix) {
            let relative = String(uri.dropFirst(prefix.count))
            guard !relative.split(separator: "/").contains("..") else { continue }
            let path = (directory as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SchemaError(.unreadableRemote(uri: uri, reason: "cannot read \(path)"), at: "")
            }
            do { return try JSONValue(parsing: data) } catch {
                throw SchemaError(.unreadableRemote(uri: uri, reason: "\(path): \(error.description)"), at: "")
            }
        }
        return nil
    }
}
