import JSONCore
/// Why a schema could not be prepared for validation.
///
/// Thrown by `JSONSchema.init`; each case names the schema location (a JSON Pointer into the
/// schema document) or the URI involved, so the cause can be found without a debugger.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// A `$ref`, `$dynamicRef` or `$schema` names a resource or anchor that no known document defines.
        case unresolvableReference(String)
        /// A remote schema was mapped to a file that could not be read or parsed.
        case unreadableRemote(uri: String, reason: String)
        /// A keyword has a value of the wrong shape, such as `"minLength": "3"`.
        case invalidKeyword(keyword: String, reason: String)
        /// A `pattern` or `patternProperties` key is not an ECMA-262 regular expression.
        case invalidPattern(pattern: String, reason: String)
        /// The meta-schema requires a vocabulary this validator does not implement.
        case unsupportedRequiredVocabulary(String)
        /// Arrays and objects nested deeper than `limit` (`JSONSchema.maximumSchemaNesting`);
        /// the location is where the limit was passed.
        case tooDeeplyNested(limit: Int)
    }

    public let reason: Reason
    /// Where in the schema the problem is (a JSON Pointer, `""` for the root).
    public let location: String

    public init(_ reason: Reason, at location: String) {
        self.reason = reason
        self.location = location
    }

    public var description: String {
        let place = location.isEmpty ? "schema root" : "schema location \(JSONPointer.abbreviated(location))"
        switch reason {
        case .unresolvableReference(let uri): return "\(place): cannot resolve reference '\(uri)'"
        case .unreadableRemote(let uri, let reason): return "\(place): cannot load '\(uri)': \(reason)"
        case .invalidKeyword(let keyword, let reason): return "\(place): invalid '\(keyword)': \(reason)"
        case .invalidPattern(let pattern, let reason): return "\(place): invalid pattern '\(pattern)': \(reason)"
        case .unsupportedRequiredVocabulary(let uri): return "\(place): required vocabulary '\(uri)' is not supported"
        case .tooDeeplyNested(let limit): return "\(place): nested deeper than \(limit) levels (JSONSchema.maximumSchemaNesting)"
        }
    }
}
