/// One GGUF metadata value, of any of the thirteen types the format defines.
///
/// ```swift
/// if case .string(let name)? = file.metadata["general.architecture"] { print(name) }
/// ```
/// Most callers use the typed accessors on ``GGUFMetadata`` instead (`string(_:)`, `int(_:)`…).
public enum GGUFValue: Sendable, Hashable {
    case uint8(UInt8)
    case int8(Int8)
    case uint16(UInt16)
    case int16(Int16)
    case uint32(UInt32)
    case int32(Int32)
    case float32(Float)
    case bool(Bool)
    case string(String)
    case array(GGUFArray)
    case uint64(UInt64)
    case int64(Int64)
    case float64(Double)

    /// The tag this value was stored with.
    public var type: GGUFValueType {
        switch self {
        case .uint8: .uint8
        case .int8: .int8
        case .uint16: .uint16
        case .int16: .int16
        case .uint32: .uint32
        case .int32: .int32
        case .float32: .float32
        case .bool: .bool
        case .string: .string
        case .array: .array
        case .uint64: .uint64
        case .int64: .int64
        case .float64: .float64
        }
    }

    /// The value as an `Int` when it is an integer of any width that fits; `nil` otherwise.
    public var intValue: Int? {
        switch self {
        case .uint8(let v): Int(v)
        case .int8(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint64(let v): Int(exactly: v)
        case .int64(let v): Int(exactly: v)
        default: nil
        }
    }

    /// The value as a `Float` when it is a float32, a float64 or an integer; `nil` otherwise.
    public var floatValue: Float? {
        switch self {
        case .float32(let v): v
        case .float64(let v): Float(v)
        default: intValue.map(Float.init)
        }
    }
}
