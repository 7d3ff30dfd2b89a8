import FuzzSupport
import FoundationModels
import JSONSchemaValidation

/// Differential: the strict parser (JSONSchemaValidation) and the streaming parser behind
/// `GeneratedContent(json:)` agree on every complete document: same values, and the streaming
/// one marks the whole document complete. A document the strict parser rejects is either
/// rejected by the streaming one too or read as an unfinished prefix.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else {
        _ = try? JSONValue(parsing: Array(bytes))  // invalid UTF-8: a typed error, never a trap
        return 0
    }
    let strict = try? JSONValue(parsing: text)
    let streamed = try? GeneratedContent(json: text)
    switch (strict, streamed) {
    case (let value?, let content?):
        guard content.isComplete, same(value, content) else {
            fatalError("parsers disagree on \(Array(text.utf8)): strict \(value.serialized()), streaming \(content.jsonString) complete=\(content.isComplete)")
        }
    case (.some(let value), nil):
        fatalError("the streaming parser rejects a document the strict one reads: \(Array(text.utf8)) = \(value.serialized())")
    case (nil, let content?):
        if content.isComplete, !isBareNumberPrefix(text) {
            fatalError("the streaming parser reads as complete a document the strict one rejects: \(Array(text.utf8)) -> \(content.jsonString)")
        }
    case (nil, nil):
        break
    }
    return 0
}

/// A lone number is complete at the end of the text for the streaming parser ("1." is not,
/// but "-" or "1e" are still prefixes): not a disagreement about complete documents.
func isBareNumberPrefix(_ text: String) -> Bool {
    let trimmed = text.drop { " \t\r\n".contains($0) }
    return trimmed.first.map { $0 == "-" || $0.isNumber } ?? false
}

func same(_ value: JSONValue, _ content: GeneratedContent) -> Bool {
    switch (value, content.kind) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a.doubleValue == b || (a.doubleValue.isNaN && b.isNaN)
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    case (.object(let object), .structure(let properties, _)):
        // Duplicate keys: both keep one value per key; compare key sets and the kept values.
        return Set(object.keys) == Set(properties.keys)
            && properties.allSatisfy { key, content in object[key].map { same($0, content) } ?? false }
    default: return false
    }
}

// SwiftPM names an executable's entry point `FuzzJSON_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzJSON($0, size) } ?? 0 }
