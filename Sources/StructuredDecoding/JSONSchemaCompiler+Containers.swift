import JSONCore

extension JSONSchemaCompiler {
    mutating func objectNode(_ object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let properties = object["properties"]?.object ?? JSONObject()
        if let value = object["properties"], value.object == nil {
            throw GrammarError(.invalidSchema, keyword: "properties", path: path, detail: "properties must be an object")
        }
        var required: [String] = []
        if let list = object["required"] {
            guard let array = list.array else {
                throw GrammarError(.invalidSchema, keyword: "required", path: path, detail: "required must be an array")
            }
            for item in array {
                guard let name = item.string else {
                    throw GrammarError(.invalidSchema, keyword: "required", path: path, detail: "required entries must be strings")
                }
                if !required.contains(name) { required.append(name) }
            }
        }
        // Properties in schema order; `x-order` (when every property has one) reorders them.
        var names = properties.keys
        let orders = names.map { properties[$0]?["x-order"]?.number?.doubleValue }
        if object[JSONPropertyOrder.mergedMarker] != nil {
            let order = documentOrder
            names = names.enumerated().sorted { (order[$0.element] ?? Int.max, $0.offset) < (order[$1.element] ?? Int.max, $1.offset) }.map(\.element)
        }
        if !names.isEmpty, orders.allSatisfy({ $0 != nil }) {
            names = zip(names, orders).enumerated()
                .sorted { ($0.element.1 ?? 0, $0.offset) < ($1.element.1 ?? 0, $1.offset) }
                .map { $0.element.0 }
        }
        var additionalValue: GrammarNode?
        switch object["additionalProperties"] {
        case nil:
            additionalValue = options.allowsAdditionalPropertiesByDefault ? try anyValue() : nil
        case .bool(true)?:
            additionalValue = try anyValue()
        case .bool(false)?:
            additionalValue = nil
        case let schema?:
            additionalValue = try node(for: schema, path: path + "/additionalProperties")
        }
        let keyClasses = try patternKeys(object, path: path)
        var members: [ObjectShape.Member] = []
        for name in names {
            guard var schema = properties[name] else { continue }
            if let keyClasses {
                schema = keyClasses.schema(forNamed: name, declared: schema)
            }
            let value = try node(for: schema, path: path + "/properties/" + name)
            if case .nothing = value {
                if required.contains(name) { return .nothing }
                continue
            }
            members.append(.init(key: JSONSchemaCompiler.keyBytes(name), value: value, isRequired: required.contains(name)))
        }
        // Required names without a property schema are governed by additionalProperties.
        for name in required where properties[name] == nil {
            if let keyClasses, let schema = keyClasses.patternSchema(forNamed: name) {
                let value = try node(for: schema, path: path + "/patternProperties")
                if case .nothing = value { return .nothing }
                members.append(.init(key: JSONSchemaCompiler.keyBytes(name), value: value, isRequired: true))
                continue
            }
            guard let additionalValue else { return .nothing }
            members.append(.init(key: JSONSchemaCompiler.keyBytes(name), value: additionalValue, isRequired: true))
        }
        let minCount = try count(object, "minProperties", path: path) ?? 0
        let maxCount = try count(object, "maxProperties", path: path)
        if let maxCount, maxCount < minCount { return .nothing }
        // Every named property (even one whose schema is false) is excluded from the
        // additional keys.
        let named = names.map(JSONSchemaCompiler.keyBytes) + members.map(\.key).filter { key in !names.map(JSONSchemaCompiler.keyBytes).contains(key) }
        var additional: [(key: GrammarNode, value: GrammarNode)] = []
        if let keyClasses {
            additional = try patternMembers(keyClasses, named: named, additionalValue: additionalValue, path: path)
        } else if let additionalValue {
            additional = [(keyExcluding(named), additionalValue)]
        }
        return .object(ObjectShape(members: members, additional: additional, minCount: minCount, maxCount: maxCount))
    }

    static func keyBytes(_ name: String) -> [UInt8] {
        var text = ""
        JSONValue.writeString(name, to: &text)
        return Array(text.utf8)
    }

    /// A JSON string key whose (canonically escaped) text is none of `excluded`: a byte trie of
    /// the excluded keys where leaving the trie at a character boundary falls back to a free
    /// string (shared rules, so each trie node costs a few states). Leaving it inside a
    /// multibyte character or an escape is not offered (such keys are rejected: conservative,
    /// never unsound).
    mutating func keyExcluding(_ excluded: [[UInt8]]) -> GrammarNode {
        guard !excluded.isEmpty else { return JSONSchemaCompiler.stringSyntax(minLength: 0, maxLength: nil) }
        let rules = keyRules()
        let contents = excluded.map { Array($0.dropFirst().dropLast()) }
        let asciiPlain = CodePointSet([0x20...0x21, 0x23...0x5B, 0x5D...0x7F])

        func atBoundary(_ prefix: [UInt8]) -> Bool {
            var index = prefix.count - 1
            while index >= 0, prefix[index] & 0xC0 == 0x80 { index -= 1 }
            if index >= 0 {
                let lead = prefix[index]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                if prefix.count - index != length { return false }
            }
            // Inside an escape: after an odd run of backslashes, until the escape is complete.
            var position = prefix.count - 1
            var tail = 0
            while position >= 0, prefix[position] != 0x5C, tail < 6 { position -= 1; tail += 1 }
            var run = 0
            while position >= 0, prefix[position] == 0x5C { run += 1; position -= 1 }
            guard run % 2 == 1 else { return true }
            let escapeStart = position + run + 1
            let after = prefix.count - escapeStart
            if after == 0 { return false }
            if prefix[escapeStart] == UInt8(ascii: "u") { return after >= 5 }
            return true
        }

        func subtree(_ prefix: [UInt8], _ keys: [[UInt8]]) -> GrammarNode {
            let depth = prefix.count
            var children: [UInt8: [[UInt8]]] = [:]
            for key in keys where key.count > depth { children[key[depth], default: []].append(key) }
            var branches: [GrammarNode] = []
            if atBoundary(prefix) {
                if !keys.contains(where: { $0.count == depth }) { branches.append(.bytes([0x22])) }
                var avoided = CodePointSet()
                for byte in children.keys where byte < 0x80 { avoided = avoided.union(CodePointSet([UInt32(byte)...UInt32(byte)])) }
                let ascii = asciiPlain.subtracting(avoided)
                if !ascii.isEmpty { branches.append(.sequence([ascii.node(encoding: .raw), .rule(rules.rest)])) }
                if !children.keys.contains(where: { $0 >= 0x80 }) { branches.append(.rule(rules.nonASCII)) }
                if children[0x5C] == nil { branches.append(.rule(rules.escape)) }
            }
            for (byte, group) in children.sorted(by: { $0.key < $1.key }) {
                branches.append(.sequence([.bytes([byte]), subtree(prefix + [byte], group)]))
            }
            if branches.isEmpty { return .nothing }
            return branches.count == 1 ? branches[0] : .choice(branches)
        }
        return .sequence([.bytes([0x22]), subtree([], contents)])
    }

    mutating func arrayNode(_ object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        var prefix: [GrammarNode] = []
        var items: GrammarNode?
        var restSchema: JSONValue? = .bool(true)
        if let prefixItems = object["prefixItems"] {
            guard let list = prefixItems.array else {
                throw GrammarError(.invalidSchema, keyword: "prefixItems", path: path, detail: "must be an array")
            }
            for (index, schema) in list.enumerated() { prefix.append(try node(for: schema, path: "\(path)/prefixItems/\(index)")) }
            restSchema = object["items"] ?? .bool(true)
        } else if let tuple = object["items"]?.array {
            for (index, schema) in tuple.enumerated() { prefix.append(try node(for: schema, path: "\(path)/items/\(index)")) }
            restSchema = object["additionalItems"] ?? .bool(true)
        } else if let schema = object["items"] {
            restSchema = schema
        }
        if let restSchema, restSchema != .bool(false) {
            items = try node(for: restSchema, path: path + "/items")
        }
        let minCount = try count(object, "minItems", path: path) ?? 0
        let maxCount = try count(object, "maxItems", path: path)
        if let maxCount, maxCount < minCount { return .nothing }
        // A position whose schema is unsatisfiable ends the array there.
        if let firstImpossible = prefix.firstIndex(where: { if case .nothing = $0 { true } else { false } }) {
            prefix = Array(prefix[..<firstImpossible])
            items = nil
        }
        if let current = items, case .nothing = current { items = nil }
        return .array(ArrayShape(prefix: prefix, items: items, minCount: minCount, maxCount: maxCount))
    }
}

