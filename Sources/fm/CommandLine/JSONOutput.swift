import JSONCore

/// The one place fm writes JSON for `--json`: each report is one compact object on one line
/// (JSON Lines), so a pipe can read it line by line.
///
/// Values are built as `JSONValue` (its dictionary literal keeps key order) and serialized by
/// JSONCore's one writer, which `GeneratedContent.jsonString` goes through too; generated
/// content is handed over as a value (`GeneratedContent.jsonValue`), never re-parsed from text.
///
/// ```swift
/// JSONOutput.write(["tokens": .number(JSONNumber(12))])   // {"tokens":12}
/// ```
enum JSONOutput {
    /// Writes `value` compact, on one line, to standard output.
    static func write(_ value: JSONValue) {
        Terminal.write(value.serialized() + "\n")
    }

    /// `value` indented by two spaces, for output meant for people (`fm schema`).
    static func pretty(_ value: JSONValue) -> String {
        value.serialized(.init(indentation: 2))
    }

    /// A number, or null for NaN and infinities (which JSON cannot carry).
    static func number(_ value: Double) -> JSONValue {
        value.isFinite ? .number(JSONNumber(value)) : .null
    }

    static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
}
