internal import CKernels

/// A weight matrix inside the mapped model file: `rows` rows of `columns` elements of one ggml
/// type, row-major (ggml's `ne[0]` is the row length).
///
/// The pointer stays valid while the owning `GGUFFile` is alive; `ModelWeights` keeps it alive.
package struct WeightMatrix: @unchecked Sendable {
    package let name: String
    package let type: GGMLType
    package let rows: Int
    package let columns: Int
    package let base: UnsafeRawPointer
    package let rowBytes: Int

    /// Looks up `name`, checks its type has kernels and its shape is `[columns, rows]`.
    package init(_ file: GGUFFile, _ name: String, columns: Int, rows: Int) throws(LanguageModelError) {
        guard let info = file.tensor(named: name) else { throw LanguageModelError(.missingTensor(name), url: file.url) }
        guard ck_type_supported(Int32(info.type.rawValue)) != 0 else {
            throw LanguageModelError(.unsupportedTensorType(tensor: name, type: "\(info.type)"), url: file.url)
        }
        let dims = info.dimensions
        let actualRows = dims.dropFirst().reduce(1, *)
        guard dims.first == columns, actualRows == rows else {
            throw LanguageModelError(.badTensorShape(tensor: name, expected: [columns, rows], actual: dims), url: file.url)
        }
        let rowBytes = ck_row_bytes(Int32(info.type.rawValue), Int64(columns))
        let bytes = file.bytes(of: info)
        guard rowBytes > 0, let base = bytes.baseAddress, bytes.count >= rowBytes * rows else {
            throw LanguageModelError(.badTensorShape(tensor: name, expected: [columns, rows], actual: dims), url: file.url)
        }
        self.name = name
        self.type = info.type
        self.rows = rows
        self.columns = columns
        self.base = base
        self.rowBytes = rowBytes
    }

    var kernelType: Int32 { Int32(type.rawValue) }

    /// Dequantizes row `index` (which the caller has bounds-checked) into `out`.
    func dequantizeRow(_ index: Int, into out: UnsafeMutablePointer<Float>) {
        ck_dequantize_row(kernelType, base + index * rowBytes, out, Int64(columns))
    }
}

/// A 1-D float vector (norm weights, biases), converted to F32 once at load and kept in its
/// own allocation so kernels can take its pointer. Immutable after `init`.
package final class WeightVector: @unchecked Sendable {
    package let count: Int
    let pointer: UnsafeMutablePointer<Float>

    package init(_ file: GGUFFile, _ name: String, count: Int) throws(LanguageModelError) {
        guard let info = file.tensor(named: name) else { throw LanguageModelError(.missingTensor(name), url: file.url) }
        guard info.elementCount == count else {
            throw LanguageModelError(.badTensorShape(tensor: name, expected: [count], actual: info.dimensions), url: file.url)
        }
        guard [GGMLType.f32, .f16, .bf16].contains(info.type) else {
            throw LanguageModelError(.unsupportedTensorType(tensor: name, type: "\(info.type)"), url: file.url)
        }
        let bytes = file.bytes(of: info)
        guard let base = bytes.baseAddress, bytes.count >= count * (info.type == .f32 ? 4 : 2) else {
            throw LanguageModelError(.badTensorShape(tensor: name, expected: [count], actual: info.dimensions), url: file.url)
        }
        self.count = count
        pointer = .allocate(capacity: count)
        ck_dequantize_row(Int32(info.type.rawValue), base, pointer, Int64(count))
    }

    deinit { pointer.deallocate() }

    package var values: [Float] { Array(UnsafeBufferPointer(start: pointer, count: count)) }

    package static func optional(_ file: GGUFFile, _ name: String, count: Int) throws(LanguageModelError) -> WeightVector? {
        file.tensor(named: name) == nil ? nil : try WeightVector(file, name, count: count)
    }
}
