import JSONCore
/// A subschema found by URI, with the base URI that relative references inside it resolve against.
struct LocatedSchema: Sendable {
    let schema: JSONValue
    let base: URIReference
}

/// Every schema resource, anchor and dynamic anchor reachable from a root schema, found once
/// when the schema is prepared so that validation never loads or searches anything.
///
/// Resources are keyed by absolute URI without fragment; anchors by `resource#name`.
/// JSON Pointer fragments are resolved by walking the resource's JSON at lookup time
/// (`resolve(_:against:)`), which follows embedded `$id`s along the way.
struct SchemaIndex: Sendable {
    private var resources: [String: JSONValue] = [:]
    private var anchors: [String: LocatedSchema] = [:]
    private var dynamicAnchors: Set<String> = []
    /// The vocabularies a meta-schema's `$vocabulary` turns on, by meta-schema URI (nil: all).
    private var vocabularies: [String: Set<String>] = [:]
    /// Compiled `pattern` values and `patternProperties` keys.
    private var patterns: [String: ECMARegex] = [:]
    /// The built-in meta-schemas, indexed once for the process and consulted after this
    /// index, so that `"$schema": ".../2020-12/schema"` costs a lookup, not a walk of nine documents.
    private var builtIns: BuiltInMetaSchemas?
    /// `$ref`/`$dynamicRef` values resolved against their base when indexed, so validation
    /// does not parse URIs. Keyed by base, then reference text.
    private var resolvedReferences: [URIReference: [String: URIReference]] = [:]

    /// The shared index of the embedded meta-schemas.
    final class BuiltInMetaSchemas: Sendable {
        let index: SchemaIndex
        init(_ index: SchemaIndex) { self.index = index }

        static let shared: BuiltInMetaSchemas? = {
            let uri = "https://json-schema.org/draft/2020-12/schema"
            guard let root = SchemaRegistry.parsedMetaSchemas[uri],
                let index = try? SchemaIndex(root: root, base: URIReference(uri), registry: SchemaRegistry(), usesBuiltIns: false)
            else { return nil }
            return BuiltInMetaSchemas(index)
        }()
    }

    /// Keywords whose value is one subschema.
    static let singleSchemaKeywords: Set<String> = [
        "additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema", "additionalItems",
    ]
    /// Keywords whose value is an object of subschemas.
    static let schemaMapKeywords: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]
    /// Keywords whose value is an array of subschemas.
    static let schemaArrayKeywords: Set<String> = ["prefixItems", "allOf", "anyOf", "oneOf", "items"]

    static let knownVocabularies: Set<String> = [
        "https://json-schema.org/draft/2020-12/vocab/core",
        "https://json-schema.org/draft/2020-12/vocab/applicator",
        "https://json-schema.org/draft/2020-12/vocab/unevaluated",
        "https://json-schema.org/draft/2020-12/vocab/validation",
        "https://json-schema.org/draft/2020-12/vocab/meta-data",
        "https://json-schema.org/draft/2020-12/vocab/format-annotation",
        "https://json-schema.org/draft/2020-12/vocab/format-assertion",
        "https://json-schema.org/draft/2020-12/vocab/content",
    ]

    /// Indexes `root` (identified by `base`) and every document it references, loading those
    /// from `registry`.
    /// - throws: `SchemaError` for references nothing defines, unreadable remotes, bad patterns.
    init(root: JSONValue, base: URIReference, registry: SchemaRegistry, usesBuiltIns: Bool = true) throws(SchemaError) {
        var pending: [(uri: String, location: String)] = []
        resources[base.description] = root
        try walk(root, base: base, location: "", references: &pending)
        var loaded: Set<String> = [base.description]
        while let (target, location) = pending.popLast() {
            let reference = URIReference(target)
            let resource = reference.withoutFragment.description
            if resources[resource] == nil, !loaded.contains(resource) {
                loaded.insert(resource)
                if usesBuiltIns, registry.isBuiltIn(resource), let shared = BuiltInMetaSchemas.shared,
                    shared.index.resources[resource] != nil
                {
                    builtIns = shared
                    guard resolve(reference) != nil else { throw SchemaError(.unresolvableReference(target), at: location) }
                    continue
                }
                let found: JSONValue?
                do {
                    found = try registry.document(at: resource)
                } catch {
                    throw SchemaError(error.reason, at: location)  // name the referring keyword
                }
                guard let document = found else {
                    throw SchemaError(.unresolvableReference(target), at: location)
                }
                resources[resource] = document
                try walk(document, base: reference.withoutFragment, location: "", references: &pending)
            }
            guard resolve(reference) != nil else {
                throw SchemaError(.unresolvableReference(target), at: location)
            }
        }
        for (uri, document) in resources {
            guard case .object(let object) = document, let vocabulary = object["$vocabulary"]?.object else { continue }
            var active: Set<String> = []
            for (name, required) in vocabulary {
                if Self.knownVocabularies.contains(name) {
                    active.insert(name)
                } else if required.bool == true {
                    throw SchemaError(.unsupportedRequiredVocabulary(name), at: "/$vocabulary")
                }
            }
            vocabularies[uri] = active
        }
    }

    /// Records identifiers, anchors and patterns in `schema` and collects references to follow.
    private mutating func walk(
        _ schema: JSONValue, base: URIReference, location: String,
        references: inout [(uri: String, location: String)]
    ) throws(SchemaError) {
        guard case .object(let object) = schema else { return }
        var base = base
        if let id = object["$id"]?.string {
            base = base.resolving(id).withoutFragment
            if resources[base.description] == nil { resources[base.description] = schema }
        }
        if let anchor = object["$anchor"]?.string {
            anchors[base.description + "#" + anchor] = LocatedSchema(schema: schema, base: base)
        }
        if let anchor = object["$dynamicAnchor"]?.string {
            let key = base.description + "#" + anchor
            anchors[key] = LocatedSchema(schema: schema, base: base)
            dynamicAnchors.insert(key)
        }
        for keyword in ["$ref", "$dynamicRef"] {
            if let reference = object[keyword]?.string {
                let target = base.resolving(reference)
                resolvedReferences[base, default: [:]][reference] = target
                references.append((target.description, location.appendingPointerToken(keyword)))
            }
        }
        // Older drafts' meta-schemas are not shipped: such schemas are applied with 2020-12
        // semantics (plus the legacy keywords the evaluator keeps) instead of being refused.
        if let metaSchema = object["$schema"]?.string, !Self.isOlderDraft(metaSchema) {
            references.append((base.resolving(metaSchema).description, location.appendingPointerToken("$schema")))
        }
        if let pattern = object["pattern"]?.string {
            try compile(pattern, at: location.appendingPointerToken("pattern"))
        }
        if let properties = object["patternProperties"]?.object {
            for (pattern, _) in properties {
                try compile(pattern, at: location.appendingPointerToken("patternProperties"))
            }
        }
        for (keyword, value) in object {
            let here = location.appendingPointerToken(keyword)
            if Self.singleSchemaKeywords.contains(keyword) {
                try walk(value, base: base, location: here, references: &references)
            }
            if Self.schemaMapKeywords.contains(keyword), case .object(let members) = value {
                for (name, member) in members {
                    try walk(member, base: base, location: here.appendingPointerToken(name), references: &references)
                }
            }
            if Self.schemaArrayKeywords.contains(keyword), case .array(let elements) = value {
                for (offset, element) in elements.enumerated() {
                    try walk(element, base: base, location: here.appendingPointerToken(offset), references: &references)
                }
            }
        }
    }

    /// Whether `uri` names a json-schema.org meta-schema older than draft 2020-12.
    static func isOlderDraft(_ uri: String) -> Bool {
        olderDrafts.contains(uri.hasSuffix("#") ? String(uri.dropLast()) : uri)
    }

    private static let olderDrafts: Set<String> = {
        var uris: Set<String> = ["https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/schema"]
        for draft in ["03", "04", "06", "07"] {
            uris.insert("http://json-schema.org/draft-\(draft)/schema")
            uris.insert("https://json-schema.org/draft-\(draft)/schema")
        }
        return uris
    }()

    private mutating func compile(_ pattern: String, at location: String) throws(SchemaError) {
        guard patterns[pattern] == nil else { return }
        do {
            patterns[pattern] = try ECMARegex(pattern)
        } catch {
            throw SchemaError(.invalidPattern(pattern: pattern, reason: error.description), at: location)
        }
    }

    /// The subschema an absolute URI designates: a resource, a JSON Pointer into one, or an anchor.
    func resolve(_ reference: URIReference) -> LocatedSchema? {
        let resourceURI = reference.withoutFragment
        let fragment = (reference.fragment ?? "").removingPercentEncodingForPointer()
        guard let root = resources[resourceURI.description] else { return builtIns?.index.resolve(reference) }
        if fragment.isEmpty { return LocatedSchema(schema: root, base: resourceURI) }
        guard fragment.hasPrefix("/") else { return anchors[resourceURI.description + "#" + fragment] }
        guard let tokens = JSONPointer.tokens(fragment) else { return nil }
        var current = root
        var base = resourceURI
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(token), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
            if case .object(let object) = current, let id = object["$id"]?.string {
                base = base.resolving(id).withoutFragment
            }
        }
        return LocatedSchema(schema: current, base: base)
    }

    func pattern(_ text: String) -> ECMARegex? {
        patterns[text] ?? builtIns?.index.patterns[text] ?? (try? ECMARegex(text))
    }

    /// `reference` resolved against `base`, from the index when it was seen there.
    func resolve(_ reference: String, against base: URIReference) -> URIReference {
        resolvedReferences[base]?[reference] ?? builtIns?.index.resolvedReferences[base]?[reference] ?? base.resolving(reference)
    }

    /// Whether `key` (`resource#name`) is a `$dynamicAnchor`.
    func isDynamicAnchor(_ key: String) -> Bool {
        dynamicAnchors.contains(key) || (builtIns?.index.dynamicAnchors.contains(key) ?? false)
    }

    /// The vocabularies the meta-schema at `uri` turns on (nil: all, or not a meta-schema).
    func vocabularies(of uri: String) -> Set<String>? {
        vocabularies[uri] ?? builtIns?.index.vocabularies[uri]
    }
}

extension String {
    /// Decodes `%XX` escapes in a URI fragment (JSON Pointers in `$ref` are percent-encoded).
    func removingPercentEncodingForPointer() -> String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
