import Foundation
import Testing
@testable import LocalInference
import TestSupport

@Suite("GGUFFile") struct GGUFFileTests {
    private func parse(_ bytes: [UInt8]) throws -> GGUFFile { try GGUFFile(bytes: bytes) }

    private func expectError(_ kind: GGUFError.Kind, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try GGUFFile(bytes: bytes)
            Issue.record("expected \(kind), file parsed", sourceLocation: sourceLocation)
        } catch let error as GGUFError {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.offset >= 0 && error.offset <= bytes.count, sourceLocation: sourceLocation)
            #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func readsEveryValueTypeInOrder() throws {
        let writer = GGUFTestWriter.sample()
        let file = try parse(writer.build())
        #expect(file.version == 3)
        #expect(file.alignment == 32)
        let expected = writer.entries.compactMap { entry -> (String, GGUFValue)? in
            if case .value(let key, let value) = entry { return (key, value) }
            return nil
        }
        #expect(file.metadata.keys == expected.map(\.0))
        for (key, value) in expected { #expect(file.metadata[key] == value, "\(key)") }
        #expect(file.metadata.architecture == "llama")
        #expect(file.metadata.int("u32") == 4_000_000_000)
        #expect(file.metadata.int("i64") == Int(Int64.min))
        #expect(file.metadata.int("u64") == nil)   // does not fit in Int
        #expect(file.metadata.float("f64") == -1.25)
        #expect(file.metadata.bool("bool") == true)
        #expect(file.metadata.string("unicode") == "한국어 😀")
        #expect(file.metadata.strings("a.str") == ["a", "", "▁b"])
        #expect(file.metadata.ints("a.u16") == [1, 65535])
        #expect(file.metadata.ints("a.u64") == [Int.max])
        #expect(file.metadata.floats("a.f32") == [1.5, -2.5])
        #expect(file.metadata.string("u8") == nil)   // wrong kind
        #expect(file.metadata["missing"] == nil)
    }

    @Test func tensorsAreAlignedAndHoldTheirBytes() throws {
        let writer = GGUFTestWriter.sample()
        let file = try parse(writer.build())
        #expect(file.tensors.map(\.name) == ["norm", "q4", "k", "h"])
        for (info, written) in zip(file.tensors, writer.tensors) {
            #expect(info.offset % 32 == 0)
            #expect(info.byteCount == written.data.count)
            #expect(Array(file.bytes(of: info)) == written.data)
        }
        let q4 = try #require(file.tensor(named: "q4"))
        #expect(q4.dimensions == [64, 2] && q4.type == .q4_0 && q4.elementCount == 128 && q4.rowCount == 2)
        #expect(q4.byteCount == 2 * 2 * 18)
        #expect(file.tensor(named: "nope") == nil)
        let foreign = GGUFTensorInfo(name: "x", dimensions: [4], type: .f32, offset: 1 << 40, byteCount: 16)
        #expect(file.bytes(of: foreign).isEmpty)
    }

    @Test func readsVersion2AndCustomAlignment() throws {
        var writer = GGUFTestWriter.sample()
        writer.version = 2
        writer.alignment = 64
        writer.add("general.alignment", .uint32(64))
        let file = try parse(writer.build())
        #expect(file.version == 2 && file.alignment == 64)
        #expect(file.tensors.allSatisfy { $0.offset % 64 == 0 })
    }

    @Test func readsTheSameFromDisk() throws {
        let bytes = GGUFTestWriter.sample().build()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gguf-test-\(UUID().uuidString).gguf")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try GGUFFile(contentsOf: url)
        #expect(file.url == url && file.fileSize == bytes.count)
        #expect(file.metadata == (try parse(bytes)).metadata)
        #expect(Array(file.bytes(of: file.tensors[1])) == GGUFTestWriter.sample().tensors[1].data)
    }

    @Test func fileErrorsCarryErrno() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/dir/model.gguf")
        #expect(throws: GGUFError.self) { try GGUFFile(contentsOf: missing) }
        do { _ = try GGUFFile(contentsOf: missing) } catch let error as GGUFError {
            #expect(error.kind == .io(errno: ENOENT))
            #expect(error.description.contains("/nonexistent/dir/model.gguf"))
        }
        do { _ = try GGUFFile(contentsOf: FileManager.default.temporaryDirectory) } catch let error as GGUFError {
            #expect(error.kind == .io(errno: EINVAL))
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("gguf-empty-\(UUID().uuidString).gguf")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        do { _ = try GGUFFile(contentsOf: empty) } catch let error as GGUFError {
            #expect(error.kind == .truncated)
        }
    }

    @Test func rejectsBadMagicAndVersion() {
        var writer = GGUFTestWriter.sample()
        writer.magic = Array("GGML".utf8)
        expectError(.badMagic, writer.build())
        var bigEndian = GGUFTestWriter.sample()
        bigEndian.version = UInt32(3).byteSwapped
        do { _ = try GGUFFile(bytes: bigEndian.build()) } catch let error as GGUFError {
            #expect(error.kind == .unsupportedVersion && error.offset == 4 && error.reason.contains("big-endian"))
        } catch { Issue.record("\(error)") }
        for version: UInt32 in [0, 1, 4, .max] {
            var writer = GGUFTestWriter.sample()
            writer.version = version
            expectError(.unsupportedVersion, writer.build())
        }
    }

    @Test func truncationInEverySectionIsReported() {
        var sections = GGUFTestWriter.Sections()
        let bytes = GGUFTestWriter.sample().build(sections: &sections)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            do {
                _ = try GGUFFile(bytes: prefix)
                Issue.record("prefix of \(length) bytes parsed")
            } catch let error as GGUFError {
                let expected: Set<GGUFError.Kind>
                switch length {
                case ..<sections.keyValues: expected = [.truncated, .absurdCount]
                case ..<sections.padding: expected = [.truncated, .absurdCount]
                case ..<sections.data: expected = [.truncated]
                default: expected = [.tensorOutOfBounds]
                }
                #expect(expected.contains(error.kind), "length \(length): \(error)")
                #expect(error.offset <= length)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func rejectsUnknownValueTypes() {
        var writer = GGUFTestWriter.sample()
        writer.entries.append(.raw(key: Array("bad".utf8), payload: [13, 0, 0, 0, 0]))
        expectError(.unknownValueType, writer.build())

        var nested = GGUFTestWriter.sample()   // array of arrays
        nested.entries.append(.raw(key: Array("nested".utf8), payload: [9, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        expectError(.unknownValueType, nested.build())

        var element = GGUFTestWriter.sample()
        element.entries.append(.raw(key: Array("elem".utf8), payload: [9, 0, 0, 0, 99, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        expectError(.unknownValueType, element.build())
    }

    @Test(arguments: [UInt32(4), 5, 31, 32, 33, 36, 37, 38, 40, 1000, .max])
    func rejectsUnknownTensorTypes(_ type: UInt32) {
        var writer = GGUFTestWriter.sample()
        writer.tensors[0].type = type
        expectError(.unknownTensorType, writer.build())
    }

    @Test func everyDefinedTensorTypeHasASize() {
        #expect(GGMLType.allCases.count == 32)
        for type in GGMLType.allCases {
            #expect(type.blockSize > 0 && type.bytesPerBlock > 0, "\(type)")
            #expect(type.rawValue < GGMLType.idLimit)
        }
        #expect(GGMLType.q4_1.bytesPerBlock == 20 && GGMLType.q6_K.bytesPerBlock == 210)
        #expect(GGMLType.q8_K.bytesPerBlock == 292 && GGMLType.iq4_xs.bytesPerBlock == 136)
    }

    @Test func rejectsBadShapes() {
        var tooMany = GGUFTestWriter.sample()
        tooMany.tensors[0].dimensions = [8, 1, 1, 1, 1]
        expectError(.badTensorShape, tooMany.build())

        var negative = GGUFTestWriter.sample()
        negative.tensors[0].dimensions = [UInt64(bitPattern: -8)]
        expectError(.badTensorShape, negative.build())

        var overflow = GGUFTestWriter.sample()
        overflow.tensors[0].dimensions = [1 << 32, 1 << 32]
        expectError(.badTensorShape, overflow.build())

        var partialBlock = GGUFTestWriter.sample()
        partialBlock.tensors[1].dimensions = [33, 2]   // q4_0 rows must be multiples of 32
        expectError(.badTensorShape, partialBlock.build())

        var huge = GGUFTestWriter.sample()
        huge.tensors[3].dimensions = [1 << 40]          // more data than the file holds
        expectError(.tensorOutOfBounds, huge.build())
    }

    @Test func rejectsAbsurdCounts() {
        for count: UInt64 in [1 << 62, .max, 1000] {
            var keys = GGUFTestWriter.sample()
            keys.keyValueCountOverride = count
            expectError(.absurdCount, keys.build())
            var tensors = GGUFTestWriter.sample()
            tensors.tensorCountOverride = count
            expectError(.absurdCount, tensors.build())
        }
        var longString = GGUFTestWriter.sample()
        longString.entries.append(.raw(key: Array("s".utf8), payload: [8, 0, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]))
        expectError(.absurdCount, longString.build())
        var longArray = GGUFTestWriter.sample()
        longArray.entries.append(.raw(key: Array("a".utf8), payload: [9, 0, 0, 0, 6, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0x10]))
        expectError(.absurdCount, longArray.build())
        var longKey = GGUFTestWriter.sample()
        longKey.entries.insert(.raw(key: [], payload: []), at: 0)
        // An empty key is allowed by the format; a key length beyond the file is not.
        var bytes = longKey.build()
        bytes.replaceSubrange(24..<32, with: [0, 0, 0, 0, 0, 0, 0, 0x01])
        expectError(.absurdCount, bytes)
    }

    @Test func rejectsDuplicates() {
        var keys = GGUFTestWriter.sample()
        keys.add("u8", .uint8(1))
        expectError(.duplicateKey, keys.build())
        var tensors = GGUFTestWriter.sample()
        tensors.tensors[2].name = "norm"
        expectError(.duplicateTensor, tensors.build())
    }

    @Test(arguments: [GGUFValue.uint32(0), .uint32(3), .uint32(48), .uint32(1 << 31), .uint64(32), .int32(32), .string("32")])
    func rejectsBadAlignment(_ value: GGUFValue) throws {
        var writer = GGUFTestWriter.sample()
        writer.add("general.alignment", value)
        let bytes = writer.build()
        expectError(.badAlignment, bytes)
        // The error points at the value: the type tag right after the key.
        let key = Array("general.alignment".utf8)
        let keyStart = try #require((0..<bytes.count - key.count).last { Array(bytes[$0..<$0 + key.count]) == key })
        do { _ = try GGUFFile(bytes: bytes) } catch let error as GGUFError {
            #expect(error.offset == keyStart + key.count)
            #expect(error.reason.contains("general.alignment"))
        }
    }

    @Test func rejectsMisplacedTensors() {
        var misaligned = GGUFTestWriter.sample()
        misaligned.tensors[1].offsetOverride = 8
        expectError(.misalignedTensor, misaligned.build())
        var beyond = GGUFTestWriter.sample()
        beyond.tensors[0].offsetOverride = 1 << 50
        expectError(.misalignedTensor, beyond.build())
    }

    @Test func rejectsInvalidUTF8Names() {
        var key = GGUFTestWriter.sample()
        key.entries.append(.raw(key: [0xFF, 0xFE], payload: [0, 0, 0, 0, 1]))
        expectError(.invalidString, key.build())
        // String values tolerate invalid UTF-8 (repaired), as vocabularies may hold raw bytes.
        var value = GGUFTestWriter.sample()
        value.entries.append(.raw(key: Array("v".utf8), payload: [8, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0xC3, 0x28]))
        #expect((try? GGUFFile(bytes: value.build()))?.metadata.string("v") == "\u{FFFD}(")
    }

    /// Random byte flips, extreme values and truncations of a valid file never crash the
    /// reader: each mutant either parses or throws a `GGUFError`.
    @Test func mutationFuzzNeverCrashes() {
        let original = GGUFTestWriter.sample().build()
        var random = SeededRandom(seed: 0x6767_7566)
        var parsed = 0, rejected = 0
        for _ in 0..<4000 {
            var bytes = original
            switch random.next() % 4 {
            case 0:
                for _ in 0..<(1 + random.next() % 8) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1:
                let at = Int(random.next() % UInt64(bytes.count - 8))
                let extremes: [UInt64] = [0, 1, .max, 1 << 63, 1 << 32, UInt64(Int.max), 0xFFFF_FFFF]
                let value = extremes[Int(random.next() % UInt64(extremes.count))]
                withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(at..<at + 8, with: $0) }
            case 2:
                bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
                if !bytes.isEmpty { bytes[Int(random.next() % UInt64(bytes.count))] ^= 0x80 }
            default:
                let at = Int(random.next() % UInt64(bytes.count))
                bytes.insert(contentsOf: (0..<(random.next() % 16)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
            }
            do {
                let file = try GGUFFile(bytes: bytes)
                for tensor in file.tensors { _ = file.bytes(of: tensor).reduce(0) { $0 &+ $1 } }
                parsed += 1
            } catch is GGUFError {
                rejected += 1
            } catch {
                Issue.record("non-GGUF error \(error)")
            }
        }
        #expect(parsed + rejected == 4000)
        #expect(rejected > 1000)
    }
}

