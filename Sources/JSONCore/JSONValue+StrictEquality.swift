extension JSONValue {
    /// JSON Schema's equality (`const`, `enum`, `uniqueItems`): like `==`, except that strings
    /// compare by Unicode code points. Swift's `String ==` treats canonically equivalent strings
    /// (`"\u{E9}"` and `"e\u{301}"`) as equal; JSON Schema does not.
    package func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let match = b.first(where: { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }),
                    value.isIdentical(to: match.value)
                else { return false }
            }
            return true
        default:
            return self == other
        }
    }
}
