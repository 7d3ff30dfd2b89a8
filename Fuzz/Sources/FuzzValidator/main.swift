import FuzzSupport
import JSONSchemaValidation

/// Input: a schema and an instance, JSON texts separated by a NUL byte (no NUL: the instance is
/// the schema itself). The validator builds the schema or throws `SchemaError`, and validation
/// returns a result within its budgets (deep instances, `$ref` cycles, regex steps).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidator(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    guard let schemaValue = try? JSONValue(parsing: bytes[..<split]) else { return 0 }
    let instance = split < bytes.count ? (try? JSONValue(parsing: bytes[(split + 1)...])) : schemaValue
    guard let instance, let schema = try? JSONSchema(schemaValue) else { return 0 }
    let result = schema.validate(instance)
    for error in result.errors { _ = error.description }
    return 0
}

// SwiftPM names an executable's entry point `FuzzValidator_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzValidator($0, size) } ?? 0 }
