import JSONCore

extension JSONSchemaCompiler {
    /// `oneOf` needs exactly one branch to match. A grammar can express that when the branches
    /// cannot overlap (then it is `anyOf`), or when they differ only by `required` lists (then
    /// each branch also forbids what makes the others match). Anything else is reported.
    mutating func oneOfNode(_ branches: [JSONValue], siblings: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let objects = branches.map { $0.object }
        if branches.count == 1 || pairwiseDisjoint(branches.map { merged($0, siblings, path: path) }) {
            return try anyOfNode(branches, keyword: "oneOf", siblings: siblings, path: path)
        }
        let requiredOnly = objects.allSatisfy { object in
            guard let object, let required = object["required"]?.array, required.allSatisfy({ $0.string != nil }) else { return false }
            return object.keys.allSatisfy { $0 == "required" || !JSONSchemaCompiler.isValidationKeyword($0) }
        }
        guard requiredOnly else {
            if options.lenient { return try anyOfNode(branches, keyword: "oneOf", siblings: siblings, path: path) }
            return try exclusiveBranches(branches, siblings: siblings, path: path)
        }
        let requiredSets = objects.map { ($0?["required"]?.array ?? []).compactMap(\.string) }
        var nodes: [GrammarNode] = []
        for (index, required) in requiredSets.enumerated() {
            // Branch `index` holds and every other branch fails: some name of each other
            // branch's list is absent (a choice of one absent name per other branch).
            var combinations: [[String]] = [[]]
            for (other, otherRequired) in requiredSets.enumerated() where other != index {
                let candidates = otherRequired.filter { !required.contains($0) }
                combinations = combinations.flatMap { prefix in candidates.map { prefix + [$0] } }
                guard combinations.count <= 64 else {
                    throw GrammarError(.budgetExceeded, keyword: "oneOf", path: path, detail: "too many required combinations")
                }
            }
            // Non-objects satisfy every `required` branch, so with two or more branches only
            // objects can satisfy exactly one.
            let objectSiblings = try merge(siblings, JSONObject([(key: "type", value: "object")]), path: path)
            for absent in combinations {
                var schema = objectSiblings
                var requiredList = objectSiblings["required"]?.array ?? []
                for name in required where !requiredList.contains(.string(name)) { requiredList.append(.string(name)) }
                schema["required"] = .array(requiredList)
                var properties = objectSiblings["properties"]?.object ?? JSONObject()
                for name in Set(absent) { properties[name] = .bool(false) }
                schema["properties"] = .object(properties)
                nodes.append(try node(for: .object(schema), path: "\(path)/oneOf/\(index)"))
            }
        }
        return .choice(nodes)
    }

    /// Overlapping branches: branch i and the negation of every other branch j it may overlap
    /// (`JSONSchemaCompiler+Negation`). Where a negation has no exact positive form it is
    /// under-approximated (a subset: some values valid for branch i alone are not produced,
    /// no value matching two branches ever is).
    private mutating func exclusiveBranches(_ branches: [JSONValue], siblings: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let resolved = branches.map { branch -> JSONValue in
            guard let reference = branch.object?["$ref"]?.string, let target = try? resolve(reference, path: path) else { return branch }
            return target
        }
        var names: [String] = (siblings["properties"]?.object ?? JSONObject()).keys
        for branch in resolved {
            for name in (branch.object?["properties"]?.object ?? JSONObject()).keys where !names.contains(name) { names.append(name) }
        }
        let merged = branches.map { self.merged($0, siblings, path: path) }
        var negations: [Int: [JSONValue]] = [:]
        var nodes: [GrammarNode] = []
        for (index, branch) in branches.enumerated() {
            var parts: [JSONValue] = [.object(siblings), branch]
            var impossible = false
            for (other, otherBranch) in branches.enumerated() where other != index && !disjoint(merged[index], merged[other], depth: 0) {
                if negations[other] == nil {
                    let saved = negationCandidates
                    negationCandidates = names
                    do {
                        negations[other] = try negation(of: otherBranch, allowed: Set(JSONSchemaCompiler.allTypes), path: "\(path)/oneOf/\(other)")
                        negationCandidates = saved
                    } catch {
                        negationCandidates = saved
                        guard error.kind != .invalidSchema else { throw error }
                        negations[other] = []
                    }
                }
                let negated = negations[other] ?? []
                if negated.isEmpty {
                    impossible = true
                    break
                }
                parts.append(.object(JSONObject([(key: "anyOf", value: .array(negated))])))
            }
            if impossible { continue }
            nodes.append(try node(for: .object(JSONObject([(key: "allOf", value: .array(parts))])), path: "\(path)/oneOf/\(index)"))
        }
        if nodes.isEmpty && !options.lenient {
            throw GrammarError(.unsupportedKeyword, keyword: "oneOf", path: path, detail: "branches may overlap")
        }
        return .choice(nodes)
    }

    mutating func anyOfNode(_ branches: [JSONValue], keyword: String, siblings: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let distribute = JSONSchemaCompiler.hasValidation(siblings)
        var nodes: [GrammarNode] = []
        for (index, branch) in branches.enumerated() {
            let branchPath = "\(path)/\(keyword)/\(index)"
            if distribute {
                switch branch {
                case .bool(true): nodes.append(try node(for: .object(siblings), path: branchPath))
                case .bool(false): continue
                case .object(let branchObject):
                    nodes.append(try node(for: .object(try merge(siblings, branchObject, path: branchPath)), path: branchPath))
                default: throw GrammarError(.invalidSchema, keyword: keyword, path: branchPath)
                }
            } else {
                nodes.append(try node(for: branch, path: branchPath))
            }
        }
        return .choice(nodes)
    }

    static func isValidationKeyword(_ key: String) -> Bool {
        supportedKeywords.contains(key) || unsupportedKeywords.contains(key)
    }

    private func merged(_ branch: JSONValue, _ siblings: JSONObject, path: String) -> JSONValue {
        guard case .object(let object) = branch else { return branch }
        return (try? merge(siblings, object, path: path)).map { .object($0) } ?? branch
    }

    /// Whether no value can satisfy two of the schemas (a syntactic, conservative test).
    func pairwiseDisjoint(_ schemas: [JSONValue]) -> Bool {
        for i in schemas.indices {
            for j in schemas.indices where j > i {
                if !disjoint(schemas[i], schemas[j], depth: 0) { return false }
            }
        }
        return true
    }

    func disjoint(_ a: JSONValue, _ b: JSONValue, depth: Int) -> Bool {
        if a == .bool(false) || b == .bool(false) { return true }
        guard depth < 8, var x = a.object, var y = b.object else { return false }
        if let reference = x["$ref"]?.string, let target = try? resolve(reference, path: "#"), let object = target.object { x = object }
        if let reference = y["$ref"]?.string, let target = try? resolve(reference, path: "#"), let object = target.object { y = object }
        // Types.
        let tx = knownTypes(x, depth: depth), ty = knownTypes(y, depth: depth)
        if let tx, let ty {
            let overlap = tx.contains { name in
                ty.contains(name) || (name == "integer" && ty.contains("number")) || (name == "number" && ty.contains("integer"))
            }
            if !overlap { return true }
        }
        // Constants and enums.
        let vx = JSONSchemaCompiler.allowedValues(x), vy = JSONSchemaCompiler.allowedValues(y)
        if let vx, let vy, !vx.contains(where: { vy.contains($0) }) { return true }
        // A property required by both whose schemas are disjoint, or required by one and
        // forbidden by the other.
        let rx = Set((x["required"]?.array ?? []).compactMap(\.string)), ry = Set((y["required"]?.array ?? []).compactMap(\.string))
        let px = x["properties"]?.object ?? JSONObject(), py = y["properties"]?.object ?? JSONObject()
        for name in rx.intersection(ry) {
            if let sx = px[name], let sy = py[name], disjoint(sx, sy, depth: depth + 1) { return true }
        }
        for name in rx where py[name] == .bool(false) || (py[name] == nil && y["additionalProperties"] == .bool(false)) {
            if tx == ["object"] || ty == ["object"] { return true }
        }
        for name in ry where px[name] == .bool(false) || (px[name] == nil && x["additionalProperties"] == .bool(false)) {
            if tx == ["object"] || ty == ["object"] { return true }
        }
        return false
    }

    /// `typeNames`, also through `$ref` and unions (`anyOf`/`oneOf`: the union of their types).
    func knownTypes(_ object: JSONObject, depth: Int) -> [String]? {
        if let names = JSONSchemaCompiler.typeNames(object) { return names }
        guard depth < 8, let branches = object["anyOf"]?.array ?? object["oneOf"]?.array else { return nil }
        var names: Set<String> = []
        for branch in branches {
            guard var branchObject = branch.object else { return nil }
            if let reference = branchObject["$ref"]?.string, let target = (try? resolve(reference, path: "#"))?.object {
                branchObject = target
            }
            guard let branchNames = knownTypes(branchObject, depth: depth + 1) else { return nil }
            names.formUnion(branchNames)
        }
        return names.sorted()
    }

    static func typeNames(_ object: JSONObject) -> [String]? {
        if let name = object["type"]?.string { return [name] }
        if let list = object["type"]?.array { return list.compactMap(\.string) }
        if let values = allowedValues(object) { return Array(Set(values.map(\.typeName))) }
        return nil
    }

    static func allowedValues(_ object: JSONObject, depth: Int = 0) -> [JSONValue]? {
        if let constant = object["const"] { return [constant] }
        if let list = object["enum"]?.array { return list }
        // A union of value lists (`anyOf`/`oneOf` of enums) is a value list too.
        guard depth < 8, let branches = object["anyOf"]?.array ?? object["oneOf"]?.array,
              object.keys.allSatisfy({ $0 == "anyOf" || $0 == "oneOf" || !isValidationKeyword($0) }) else { return nil }
        var values: [JSONValue] = []
        for branch in branches {
            guard let branchObject = branch.object, let list = allowedValues(branchObject, depth: depth + 1) else { return nil }
            values += list
        }
        return values
    }
}
