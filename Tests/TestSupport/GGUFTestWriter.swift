import LocalInference

/// Builds GGUF images for tests, including deliberately broken ones: the one GGUF writer of
/// the test targets (synthetic models, reader and hostile-input tests all write through it).
///
/// Every field can be overridden with raw values the reader must reject; `sections` records
/// where each part of the image starts so tests can truncate inside each one.
public struct GGUFTestWriter: Sendable {
    public struct Tensor: Sendable {
        public var name: String
        public var dimensions: [UInt64]
        public var type: UInt32
        public var data: [UInt8]
        /// Relative offset to write instead of the computed one.
        public var offsetOverride: UInt64?

        public init(name: String, dimensions: [UInt64], type: UInt32, data: [UInt8], offsetOverride: UInt64? = nil) {
            self.name = name
            self.dimensions = dimensions
            self.type = type
            self.data = data
            self.offsetOverride = offsetOverride
        }
    }

    public enum Entry: Sendable {
        case value(String, GGUFValue)
        /// A key followed by raw bytes (type tag and payload), for malformed values.
        case raw(key: [UInt8], payload: [UInt8])
    }

    public var magic: [UInt8] = Array("GGUF".utf8)
    public var version: UInt32 = 3
    public var entries: [Entry] = []
    public var tensors: [Tensor] = []
    public var alignment = 32
    public var tensorCountOverride: UInt64?
    public var keyValueCountOverride: UInt64?

    /// An empty version-3 file: no metadata, no tensors.
    public init() {}

    /// Offsets of each section in the last image built.
    public struct Sections: Sendable {
        public var keyValues = 0, tensorInfos = 0, padding = 0, data = 0, end = 0
        public init() {}
    }

    public mutating func add(_ key: String, _ value: GGUFValue) { entries.append(.value(key, value)) }

    public mutating func addTensor(_ name: String, _ dimensions: [UInt64], _ type: GGMLType, fill: UInt8 = 0) {
        let elements = dimensions.reduce(1, *)
        let count = Int(elements) / type.blockSize * type.bytesPerBlock
        tensors.append(Tensor(name: name, dimensions: dimensions, type: type.rawValue,
                              data: (0..<count).map { UInt8(truncatingIfNeeded: $0 &+ Int(fill)) }))
    }

    public func build() -> [UInt8] { build(sections: nil) }

    public func build(sections: UnsafeMutablePointer<Sections>?) -> [UInt8] {
        var out: [UInt8] = []
        var marks = Sections()
        out += magic
        Self.put(version, &out)
        Self.put(tensorCountOverride ?? UInt64(tensors.count), &out)
        Self.put(keyValueCountOverride ?? UInt64(entries.count), &out)
        marks.keyValues = out.count
        for entry in entries {
            switch entry {
            case .value(let key, let value):
                Self.putString(Array(key.utf8), &out)
                Self.put(value.type.rawValue, &out)
                Self.putPayload(value, &out)
            case .raw(let key, let payload):
                Self.putString(key, &out)
                out += payload
            }
        }
        marks.tensorInfos = out.count
        var offset: UInt64 = 0
        var offsets: [UInt64] = []
        for tensor in tensors {
            Self.putString(Array(tensor.name.utf8), &out)
            Self.put(UInt32(tensor.dimensions.count), &out)
            for dimension in tensor.dimensions { Self.put(dimension, &out) }
            Self.put(tensor.type, &out)
            Self.put(tensor.offsetOverride ?? offset, &out)
            offsets.append(offset)
            offset += UInt64(tensor.data.count)
            offset = (offset + UInt64(alignment) - 1) / UInt64(alignment) * UInt64(alignment)
        }
        marks.padding = out.count
        while out.count % alignment != 0 { out.append(0) }
        marks.data = out.count
        for (index, tensor) in tensors.enumerated() {
            while out.count < marks.data + Int(offsets[index]) { out.append(0) }
            out += tensor.data
        }
        marks.end = out.count
        sections?.pointee = marks
        return out
    }

    public static func put<T: FixedWidthInteger>(_ value: T, _ out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    public static func putString(_ bytes: [UInt8], _ out: inout [UInt8]) {
        put(UInt64(bytes.count), &out)
        out += bytes
    }

    public static func putPayload(_ value: GGUFValue, _ out: inout [UInt8]) {
        switch value {
        case .uint8(let v): put(v, &out)
        case .int8(let v): put(v, &out)
        case .uint16(let v): put(v, &out)
        case .int16(let v): put(v, &out)
        case .uint32(let v): put(v, &out)
        case .int32(let v): put(v, &out)
        case .uint64(let v): put(v, &out)
        case .int64(let v): put(v, &out)
        case .float32(let v): put(v.bitPattern, &out)
        case .float64(let v): put(v.bitPattern, &out)
        case .bool(let v): out.append(v ? 1 : 0)
        case .string(let v): putString(Array(v.utf8), &out)
        case .array(let array):
            put(array.elementType.rawValue, &out)
            put(UInt64(array.count), &out)
            switch array {
            case .uint8(let a): a.forEach { put($0, &out) }
            case .int8(let a): a.forEach { put($0, &out) }
            case .uint16(let a): a.forEach { put($0, &out) }
            case .int16(let a): a.forEach { put($0, &out) }
            case .uint32(let a): a.forEach { put($0, &out) }
            case .int32(let a): a.forEach { put($0, &out) }
            case .uint64(let a): a.forEach { put($0, &out) }
            case .int64(let a): a.forEach { put($0, &out) }
            case .float32(let a): a.forEach { put($0.bitPattern, &out) }
            case .float64(let a): a.forEach { put($0.bitPattern, &out) }
            case .bool(let a): a.forEach { out.append($0 ? 1 : 0) }
            case .string(let a): a.forEach { putString(Array($0.utf8), &out) }
            }
        }
    }

    /// A small valid file with every value type, an array of every element type, and tensors
    /// of several block types.
    public static func sample() -> GGUFTestWriter {
        var writer = GGUFTestWriter()
        writer.add("general.architecture", .string("llama"))
        writer.add("u8", .uint8(200))
        writer.add("i8", .int8(-100))
        writer.add("u16", .uint16(60000))
        writer.add("i16", .int16(-30000))
        writer.add("u32", .uint32(4_000_000_000))
        writer.add("i32", .int32(-2_000_000_000))
        writer.add("f32", .float32(0.5))
        writer.add("bool", .bool(true))
        writer.add("u64", .uint64(UInt64.max))
        writer.add("i64", .int64(Int64.min))
        writer.add("f64", .float64(-1.25))
        writer.add("empty", .string(""))
        writer.add("unicode", .string("한국어 😀"))
        writer.add("a.u8", .array(.uint8([1, 2, 3])))
        writer.add("a.i8", .array(.int8([-1, 0, 1])))
        writer.add("a.u16", .array(.uint16([1, 65535])))
        writer.add("a.i16", .array(.int16([-32768, 32767])))
        writer.add("a.u32", .array(.uint32([7])))
        writer.add("a.i32", .array(.int32([-7, 7])))
        writer.add("a.f32", .array(.float32([1.5, -2.5])))
        writer.add("a.bool", .array(.bool([true, false])))
        writer.add("a.str", .array(.string(["a", "", "▁b"])))
        writer.add("a.u64", .array(.uint64([UInt64(Int.max)])))
        writer.add("a.i64", .array(.int64([-1])))
        writer.add("a.f64", .array(.float64([3.25])))
        writer.add("a.empty", .array(.int32([])))
        writer.addTensor("norm", [8], .f32, fill: 1)
        writer.addTensor("q4", [64, 2], .q4_0, fill: 2)
        writer.addTensor("k", [256, 1, 1, 1], .q4_K, fill: 3)
        writer.addTensor("h", [3], .f16, fill: 4)
        return writer
    }
}
