/// The key-value metadata of a GGUF file, in file order.
///
/// ```swift
/// let metadata = try GGUFFile(contentsOf: url).metadata
/// metadata.architecture                                   // "llama"
/// metadata.int("llama.context_length")                    // 8192
/// metadata.strings("tokenizer.ggml.tokens")?.count        // 49152
/// ```
/// Typed accessors return `nil` when the key is absent or holds a value of another kind;
/// integer accessors accept any integer width whose value fits in `Int`.
public struct GGUFMetadata: Sendable, Hashable {
    /// Every key and value in the order the file lists them.
    public let entries: [(key: String, value: GGUFValue)]
    private let indexByKey: [String: Int]

    /// Builds metadata from entries whose keys are unique (the reader guarantees it).
    init(uniqueEntries entries: [(key: String, value: GGUFValue)], index: [String: Int]) {
        self.entries = entries
        self.indexByKey = index
    }

    /// The keys, in file order.
    public var keys: [String] { entries.map(\.key) }

    /// Number of key-value pairs.
    public var count: Int { entries.count }

    /// The value stored under `key`, or `nil`.
    public subscript(key: String) -> GGUFValue? {
        guard let index = indexByKey[key] else { return nil }
        return entries[index].value
    }

    /// The string stored under `key`.
    public func string(_ key: String) -> String? {
        if case .string(let value)? = self[key] { return value }
        return nil
    }

    /// The integer (any width) stored under `key`, if it fits in `Int`.
    public func int(_ key: String) -> Int? { self[key]?.intValue }

    /// The float32/float64 (or integer) stored under `key`, as a `Float`.
    public func float(_ key: String) -> Float? { self[key]?.floatValue }

    /// The bool stored under `key`.
    public func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = self[key] { return value }
        return nil
    }

    /// The array stored under `key`.
    public func array(_ key: String) -> GGUFArray? {
        if case .array(let value)? = self[key] { return value }
        return nil
    }

    /// The string array stored under `key` (e.g. `tokenizer.ggml.tokens`).
    public func strings(_ key: String) -> [String]? {
        if case .string(let values)? = array(key) { return values }
        return nil
    }

    /// The integer array stored under `key` (e.g. `tokenizer.ggml.token_type`).
    public func ints(_ key: String) -> [Int]? { array(key)?.intValues }

    /// The float array stored under `key` (e.g. `tokenizer.ggml.scores`).
    public func floats(_ key: String) -> [Float]? { array(key)?.floatValues }

    /// `general.architecture`, e.g. `llama` or `gemma3`.
    public var architecture: String? { string("general.architecture") }

    public static func == (lhs: GGUFMetadata, rhs: GGUFMetadata) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}
