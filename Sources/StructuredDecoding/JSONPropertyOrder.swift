import JSONCore

/// The order properties are emitted in when a grammar object merges properties from several
/// subschemas (`allOf`, siblings distributed into `anyOf` branches): the order in which each
/// property name first appears in the schema document. A single subschema keeps its own order.
///
/// Shared by the compiler and by tools (`fm maskbench`) that must serialize values the way the
/// grammar emits them.
package enum JSONPropertyOrder {
    /// Marks merged objects inside the compiler (not a JSON Schema keyword).
    static let mergedMarker = "$fm-merged-properties"

    package static func documentOrder(_ root: JSONValue) -> [String: Int] {
        var order: [String: Int] = [:]
        func visit(_ value: JSONValue, depth: Int) {
            guard depth < 256 else { return }
            switch value {
            case .object(let object):
                for (key, member) in object {
                    if ["enum", "const", "default", "examples", "example"].contains(key) { continue }
                    if key == "properties", let properties = member.object {
                        for name in properties.keys where order[name] == nil { order[name] = order.count }
                    }
                    visit(member, depth: depth + 1)
                }
            case .array(let items):
                for item in items { visit(item, depth: depth + 1) }
            default:
                return
            }
        }
        visit(root, depth: 0)
        return order
    }
}
