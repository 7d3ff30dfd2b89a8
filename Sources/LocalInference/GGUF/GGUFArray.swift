/// A GGUF metadata array, stored as a typed Swift array so that 262k-entry vocabularies
/// cost one allocation, not one enum box per element.
///
/// GGUF arrays are homogeneous. Arrays of arrays are rejected by the reader, as ggml does.
public enum GGUFArray: Sendable, Hashable {
    case uint8([UInt8])
    case int8([Int8])
    case uint16([UInt16])
    case int16([Int16])
    case uint32([UInt32])
    case int32([Int32])
    case float32([Float])
    case bool([Bool])
    case string([String])
    case uint64([UInt64])
    case int64([Int64])
    case float64([Double])

    /// The element type tag.
    public var elementType: GGUFValueType {
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
        case .uint64: .uint64
        case .int64: .int64
        case .float64: .float64
        }
    }

    /// Number of elements.
    public var count: Int {
        switch self {
        case .uint8(let a): a.count
        case .int8(let a): a.count
        case .uint16(let a): a.count
        case .int16(let a): a.count
        case .uint32(let a): a.count
        case .int32(let a): a.count
        case .float32(let a): a.count
        case .bool(let a): a.count
        case .string(let a): a.count
        case .uint64(let a): a.count
        case .int64(let a): a.count
        case .float64(let a): a.count
        }
    }

    /// The elements as `Int`s when this is an integer array whose every element fits.
    public var intValues: [Int]? {
        switch self {
        case .uint8(let a): a.map(Int.init)
        case .int8(let a): a.map(Int.init)
        case .uint16(let a): a.map(Int.init)
        case .int16(let a): a.map(Int.init)
        case .uint32(let a): a.map(Int.init)
        case .int32(let a): a.map(Int.init)
        case .uint64(let a): Self.exact(a)
        case .int64(let a): Self.exact(a)
        case .bool, .float32, .float64, .string: nil
        }
    }

    /// The elements as `Float`s when this is a float or integer array.
    public var floatValues: [Float]? {
        switch self {
        case .float32(let a): a
        case .float64(let a): a.map(Float.init)
        default: intValues.map { $0.map(Float.init) }
        }
    }

    private static func exact<T: BinaryInteger>(_ values: [T]) -> [Int]? {
        var result: [Int] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let int = Int(exactly: value) else { return nil }
            result.append(int)
        }
        return result
    }
}
