/// The type tag in front of every GGUF metadata value (`enum gguf_type` in `gguf.h`).
public enum GGUFValueType: UInt32, Sendable, Hashable, CaseIterable {
    case uint8 = 0
    case int8 = 1
    case uint16 = 2
    case int16 = 3
    case uint32 = 4
    case int32 = 5
    case float32 = 6
    case bool = 7
    case string = 8
    case array = 9
    case uint64 = 10
    case int64 = 11
    case float64 = 12

    /// Size in bytes of one value of a fixed-size type; `nil` for `string` and `array`.
    var fixedSize: Int? {
        switch self {
        case .uint8, .int8, .bool: 1
        case .uint16, .int16: 2
        case .uint32, .int32, .float32: 4
        case .uint64, .int64, .float64: 8
        case .string, .array: nil
        }
    }

    /// The least number of bytes one value can occupy (a string is at least its length field).
    var minimumSize: Int { fixedSize ?? 8 }
}
