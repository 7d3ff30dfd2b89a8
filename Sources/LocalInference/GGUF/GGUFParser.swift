import Foundation

/// Parses a GGUF image (header, metadata, tensor directory) and validates it.
///
/// Layout (little-endian): magic `GGUF`, u32 version, u64 tensor count, u64 key-value count,
/// the key-value pairs, the tensor infos, padding to `general.alignment`, then tensor data.
enum GGUFParser {
    struct Result {
        var version: UInt32
        var alignment: Int
        var metadata: GGUFMetadata
        var tensors: [GGUFTensorInfo]
        var tensorIndex: [String: Int]
        var dataOffset: Int
    }

    static let magic: UInt32 = 0x4655_4747  // "GGUF" read as a little-endian u32
    static let defaultAlignment = 32

    static func parse(base: UnsafeRawPointer?, count: Int, url: URL) throws(GGUFError) -> Result {
        guard let base else {
            throw GGUFError(kind: .truncated, url: url, offset: 0, reason: "file is empty; a GGUF file starts with the 4-byte magic 'GGUF'")
        }
        var reader = GGUFByteReader(base: base, count: count, url: url)

        let magicValue = try reader.read(UInt32.self, "magic")
        guard magicValue == magic else {
            throw reader.error(.badMagic, at: 0, "magic is 0x\(String(magicValue, radix: 16)); expected 0x46554747 ('GGUF')")
        }
        let versionOffset = reader.position
        let version = try reader.read(UInt32.self, "version")
        guard version == 2 || version == 3 else {
            let hint = (version.byteSwapped == 2 || version.byteSwapped == 3) ? " (this looks like a big-endian file; only little-endian GGUF is supported)" : ""
            throw reader.error(.unsupportedVersion, at: versionOffset, "GGUF version \(version) is not supported; expected 2 or 3\(hint)")
        }

        // Minimum sizes: a tensor info is a name length, n_dims, type and offset (24 bytes);
        // a key-value pair is a key length, a type tag and at least one value byte (13 bytes).
        let tensorCountOffset = reader.position
        let tensorCount = try reader.read(UInt64.self, "tensor count")
        let keyValueCount = try reader.readCount("key-value count", minimumElementSize: 13, cap: GGUFLimits.maximumKeyValueCount)
        guard tensorCount <= UInt64(min(GGUFLimits.maximumTensorCount, reader.remaining / 24)) else {
            throw reader.error(.absurdCount, at: tensorCountOffset,
                               "tensor count is \(tensorCount); at most \(min(GGUFLimits.maximumTensorCount, reader.remaining / 24)) fit in the \(reader.remaining) bytes left")
        }

        var entries: [(key: String, value: GGUFValue)] = []
        entries.reserveCapacity(keyValueCount)
        var index: [String: Int] = [:]
        index.reserveCapacity(keyValueCount)
        var alignmentOffset = 0
        for ordinal in 0..<keyValueCount {
            let keyOffset = reader.position
            let key = try reader.readString("key of metadata entry \(ordinal)", strict: true)
            guard index[key] == nil else {
                throw reader.error(.duplicateKey, at: keyOffset, "duplicate metadata key '\(key)'")
            }
            if key == "general.alignment" { alignmentOffset = reader.position }
            let value = try readValue(&reader, key: key)
            index[key] = entries.count
            entries.append((key, value))
        }
        let metadata = GGUFMetadata(uniqueEntries: entries, index: index)

        var alignment = defaultAlignment
        if let value = metadata["general.alignment"] {
            guard case .uint32(let raw) = value, raw > 0, raw & (raw - 1) == 0, raw <= 1 << 30 else {
                throw reader.error(.badAlignment, at: alignmentOffset,
                                   "general.alignment is \(value); expected a power of two in 1...\(1 << 30) stored as uint32")
            }
            alignment = Int(raw)
        }

        var infos: [(name: String, dimensions: [Int], type: GGMLType, relativeOffset: UInt64, byteCount: Int, at: Int)] = []
        infos.reserveCapacity(Int(tensorCount))
        var tensorIndex: [String: Int] = [:]
        tensorIndex.reserveCapacity(Int(tensorCount))
        for ordinal in 0..<Int(tensorCount) {
            let start = reader.position
            let name = try reader.readString("name of tensor \(ordinal)", strict: true)
            guard tensorIndex[name] == nil else {
                throw reader.error(.duplicateTensor, at: start, "duplicate tensor name '\(name)'")
            }
            let dimsOffset = reader.position
            let dimensionCount = try reader.read(UInt32.self, "dimension count of tensor '\(name)'")
            guard dimensionCount <= UInt32(GGUFLimits.maximumDimensions) else {
                throw reader.error(.badTensorShape, at: dimsOffset,
                                   "tensor '\(name)' has \(dimensionCount) dimensions; at most \(GGUFLimits.maximumDimensions) are allowed")
            }
            var dimensions: [Int] = []
            dimensions.reserveCapacity(Int(dimensionCount))
            var elements = 1
            for axis in 0..<Int(dimensionCount) {
                let at = reader.position
                let raw = try reader.read(UInt64.self, "ne[\(axis)] of tensor '\(name)'")
                guard raw <= UInt64(Int64.max) else {
                    throw reader.error(.badTensorShape, at: at, "tensor '\(name)' has ne[\(axis)] = \(Int64(bitPattern: raw)); must be >= 0")
                }
                let extent = Int(raw)
                let (product, overflow) = elements.multipliedReportingOverflow(by: extent)
                guard !overflow else {
                    throw reader.error(.badTensorShape, at: at, "tensor '\(name)' has \(dimensions + [extent]) elements, more than \(Int.max)")
                }
                elements = product
                dimensions.append(extent)
            }
            let typeOffset = reader.position
            let rawType = try reader.read(UInt32.self, "type of tensor '\(name)'")
            guard let type = GGMLType(rawValue: rawType) else {
                throw reader.error(.unknownTensorType, at: typeOffset,
                                   "tensor '\(name)' has invalid ggml type \(rawType); should be a ggml type id in [0, \(GGMLType.idLimit)) that is still defined")
            }
            let rowLength = dimensions.first ?? 1
            guard rowLength % type.blockSize == 0 else {
                throw reader.error(.badTensorShape, at: dimsOffset,
                                   "tensor '\(name)' of type \(type) has row length ne[0] = \(rowLength), not a multiple of the block size \(type.blockSize)")
            }
            let (byteCount, sizeOverflow) = (elements / type.blockSize).multipliedReportingOverflow(by: type.bytesPerBlock)
            guard !sizeOverflow else {
                throw reader.error(.badTensorShape, at: dimsOffset, "tensor '\(name)' size overflows")
            }
            let relativeOffset = try reader.read(UInt64.self, "offset of tensor '\(name)'")
            tensorIndex[name] = infos.count
            infos.append((name, dimensions, type, relativeOffset, byteCount, start))
        }

        // The data section starts at the next multiple of the alignment.
        let headerEnd = reader.position
        let (paddedEnd, padOverflow) = headerEnd.addingReportingOverflow(alignment - 1)
        let dataOffset = padOverflow ? Int.max : paddedEnd / alignment * alignment
        if !infos.isEmpty {
            guard dataOffset <= count else {
                throw reader.error(.truncated, at: headerEnd, "file ends in the padding before the tensor data (data section starts at \(dataOffset), file has \(count) bytes)")
            }
        }

        // Tensors must follow each other, each starting at the previous end rounded up to the
        // alignment, and must lie inside the file.
        var tensors: [GGUFTensorInfo] = []
        tensors.reserveCapacity(infos.count)
        var expected = 0
        for info in infos {
            guard info.relativeOffset == UInt64(expected) else {
                throw reader.error(.misalignedTensor, at: info.at,
                                   "tensor '\(info.name)' has offset \(info.relativeOffset), expected \(expected) (previous tensor's end rounded up to alignment \(alignment))")
            }
            let available = count - dataOffset  // safe: dataOffset <= count checked above
            guard expected <= available, info.byteCount <= available - expected else {
                throw reader.error(.tensorOutOfBounds, at: info.at,
                                   "tensor '\(info.name)' data [\(dataOffset + expected), +\(info.byteCount)) extends past the end of the file (\(count) bytes)")
            }
            tensors.append(GGUFTensorInfo(name: info.name, dimensions: info.dimensions, type: info.type,
                                          offset: dataOffset + expected, byteCount: info.byteCount))
            // safe: expected + byteCount <= available <= Int.max; padding adds < alignment <= 2^30
            let end = expected + info.byteCount
            let (padded, overflow) = end.addingReportingOverflow(alignment - 1)
            expected = overflow ? Int.max : padded / alignment * alignment
        }

        return Result(version: version, alignment: alignment, metadata: metadata, tensors: tensors,
                      tensorIndex: tensorIndex, dataOffset: min(dataOffset, count))
    }

    /// Reads one type tag and the value after it.
    private static func readValue(_ reader: inout GGUFByteReader, key: String) throws(GGUFError) -> GGUFValue {
        let typeOffset = reader.position
        let rawType = try reader.read(UInt32.self, "value type of '\(key)'")
        guard let type = GGUFValueType(rawValue: rawType) else {
            throw reader.error(.unknownValueType, at: typeOffset,
                               "key '\(key)' has invalid GGUF type \(rawType); should be in [0, \(GGUFValueType.allCases.count))")
        }
        switch type {
        case .uint8: return .uint8(try reader.read(UInt8.self, "value of '\(key)'"))
        case .int8: return .int8(try reader.read(Int8.self, "value of '\(key)'"))
        case .uint16: return .uint16(try reader.read(UInt16.self, "value of '\(key)'"))
        case .int16: return .int16(try reader.read(Int16.self, "value of '\(key)'"))
        case .uint32: return .uint32(try reader.read(UInt32.self, "value of '\(key)'"))
        case .int32: return .int32(try reader.read(Int32.self, "value of '\(key)'"))
        case .uint64: return .uint64(try reader.read(UInt64.self, "value of '\(key)'"))
        case .int64: return .int64(try reader.read(Int64.self, "value of '\(key)'"))
        case .float32: return .float32(try reader.readFloat("value of '\(key)'"))
        case .float64: return .float64(try reader.readDouble("value of '\(key)'"))
        case .bool: return .bool(try readBool(&reader, key: key))
        case .string: return .string(try reader.readString("value of '\(key)'"))
        case .array: return .array(try readArray(&reader, key: key))
        }
    }

    private static func readBool(_ reader: inout GGUFByteReader, key: String) throws(GGUFError) -> Bool {
        // ggml reads bools as one byte and treats any non-zero value as true.
        try reader.read(UInt8.self, "value of '\(key)'") != 0
    }

    private static func readArray(_ reader: inout GGUFByteReader, key: String) throws(GGUFError) -> GGUFArray {
        let typeOffset = reader.position
        let rawType = try reader.read(UInt32.self, "element type of array '\(key)'")
        guard let type = GGUFValueType(rawValue: rawType), type != .array else {
            throw reader.error(.unknownValueType, at: typeOffset,
                               "array '\(key)' has invalid element type \(rawType); should be in [0, \(GGUFValueType.allCases.count)) and not 9 (nested arrays are not supported)")
        }
        let count = try reader.readCount("element count of array '\(key)'", minimumElementSize: type.minimumSize,
                                         cap: GGUFLimits.maximumArrayCount)
        switch type {
        case .uint8: return .uint8(try readFixed(&reader, count: count, key: key))
        case .int8: return .int8(try readFixed(&reader, count: count, key: key))
        case .uint16: return .uint16(try readFixed(&reader, count: count, key: key))
        case .int16: return .int16(try readFixed(&reader, count: count, key: key))
        case .uint32: return .uint32(try readFixed(&reader, count: count, key: key))
        case .int32: return .int32(try readFixed(&reader, count: count, key: key))
        case .uint64: return .uint64(try readFixed(&reader, count: count, key: key))
        case .int64: return .int64(try readFixed(&reader, count: count, key: key))
        case .float32: return .float32(try readFixed(&reader, count: count, key: key).map(Float.init(bitPattern:)) as [Float])
        case .float64: return .float64(try readFixed(&reader, count: count, key: key).map(Double.init(bitPattern:)) as [Double])
        case .bool: return .bool(try (readFixed(&reader, count: count, key: key) as [UInt8]).map { $0 != 0 })
        case .string:
            var strings: [String] = []
            strings.reserveCapacity(count)
            for element in 0..<count {
                strings.append(try reader.readString("element \(element) of array '\(key)'"))
            }
            return .string(strings)
        case .array:
            throw reader.error(.unknownValueType, at: typeOffset, "nested arrays are not supported ('\(key)')")
        }
    }

    /// Reads `count` little-endian integers in one bounds check.
    private static func readFixed<T: FixedWidthInteger>(_ reader: inout GGUFByteReader, count: Int, key: String) throws(GGUFError) -> [T] {
        let size = MemoryLayout<T>.size
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow else {
            throw reader.error(.absurdCount, "array '\(key)' of \(count) elements overflows")
        }
        try reader.require(byteCount, for: "\(count) elements of array '\(key)'")
        let start = reader.base + reader.position
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: start, count: byteCount))
            initialized = count
        }
        try reader.skip(byteCount, for: "array '\(key)'")
        #if _endian(big)
        return values.map { T(littleEndian: $0) }
        #else
        return values
        #endif
    }
}
