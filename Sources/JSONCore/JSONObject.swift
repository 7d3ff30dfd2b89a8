/// A JSON object: members in the order they were written, looked up by key.
///
/// Duplicate keys keep the last value at the position of the first, as most parsers do.
/// Equality ignores order (JSON objects are unordered); iteration and serialization keep it.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)

    private var members: [Element]
    private var indexByKey: [String: Int]

    public init() {
        members = []
        indexByKey = [:]
    }

    public init<S: Sequence>(_ members: S) where S.Element == Element {
        self.init()
        for member in members { self[member.key] = member.value }
    }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Element { members[position] }

    /// The keys in written order.
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSONValue? {
        get { indexByKey[key].map { members[$0].value } }
        set {
            if let index = indexByKey[key] {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                    indexByKey = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.key, $0) })
                }
            } else if let newValue {
                indexByKey[key] = members.count
                members.append((key, newValue))
            }
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.members {
            guard rhs[key] == value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var combined = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
