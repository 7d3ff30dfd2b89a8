import JSONCore
/// The differences between two JSON values, member by member, located by JSON Pointer.
///
/// ```swift
/// let diff = JSONDiff(["itemId": "sku_42", "rationale": "pickup"], ["itemId": "sku_42", "quantity": 1])
/// diff.onlyLeft.map(\.path)    // ["/rationale"]
/// diff.onlyRight.map(\.path)   // ["/quantity"]
/// diff.changed                 // []
/// ```
///
/// Objects are compared by key (order is ignored), arrays by index, everything else by JSON
/// Schema equality (numbers by value, strings by code points). A value whose type differs on
/// the two sides is one change at its path.
public struct JSONDiff: Sendable, Hashable, CustomStringConvertible {
    /// A member present on one side only.
    public struct Member: Sendable, Hashable {
        public let path: String
        public let value: JSONValue
    }

    /// A location present on both sides with different values.
    public struct Change: Sendable, Hashable {
        public let path: String
        public let left: JSONValue
        public let right: JSONValue
    }

    /// Locations only the left value has, in the left's order.
    public private(set) var onlyLeft: [Member] = []
    /// Locations only the right value has, in the right's order.
    public private(set) var onlyRight: [Member] = []
    /// Locations both have, with different scalar values (or different types).
    public private(set) var changed: [Change] = []

    /// Compares `left` with `right`.
    public init(_ left: JSONValue, _ right: JSONValue) {
        compare(left, right, at: "")
    }

    /// Whether the two values are equal.
    public var isEmpty: Bool { onlyLeft.isEmpty && onlyRight.isEmpty && changed.isEmpty }

    private mutating func compare(_ left: JSONValue, _ right: JSONValue, at path: String) {
        switch (left, right) {
        case (.object(let l), .object(let r)):
            for (key, value) in l {
                if let other = r[key] {
                    compare(value, other, at: path.appendingPointerToken(key))
                } else {
                    onlyLeft.append(Member(path: path.appendingPointerToken(key), value: value))
                }
            }
            for (key, value) in r where l[key] == nil {
                onlyRight.append(Member(path: path.appendingPointerToken(key), value: value))
            }
        case (.array(let l), .array(let r)):
            for index in 0..<max(l.count, r.count) {
                let here = path.appendingPointerToken(index)
                if index >= r.count {
                    onlyLeft.append(Member(path: here, value: l[index]))
                } else if index >= l.count {
                    onlyRight.append(Member(path: here, value: r[index]))
                } else {
                    compare(l[index], r[index], at: here)
                }
            }
        default:
            if !left.isIdentical(to: right) {
                changed.append(Change(path: path, left: left, right: right))
            }
        }
    }

    /// One line per difference: `- path: value` (left only), `+ path: value` (right only),
    /// `~ path: left -> right` (changed); `/` stands for the root.
    public var description: String {
        func show(_ path: String) -> String { path.isEmpty ? "/" : path }
        var lines: [String] = []
        lines += onlyLeft.map { "- \(show($0.path)): \($0.value.serialized())" }
        lines += onlyRight.map { "+ \(show($0.path)): \($0.value.serialized())" }
        lines += changed.map { "~ \(show($0.path)): \($0.left.serialized()) -> \($0.right.serialized())" }
        return lines.joined(separator: "\n")
    }
}
