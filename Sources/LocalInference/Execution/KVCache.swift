/// Keys and values of every layer for positions `0 ..< capacity`, F32, layer-major
/// (`[layer][position][kvHead * headDim]`).
///
/// Allocated once at the context's length and never grown. Pages are touched only as
/// positions are written, so a long context that is barely used costs little resident memory.
final class KVCache {
    let capacity: Int
    let rowLength: Int
    let layerCount: Int
    let keys: UnsafeMutablePointer<Float>
    let values: UnsafeMutablePointer<Float>

    init(layers: Int, capacity: Int, rowLength: Int) {
        self.capacity = capacity
        self.rowLength = rowLength
        self.layerCount = layers
        keys = .allocate(capacity: layers * capacity * rowLength)
        values = .allocate(capacity: layers * capacity * rowLength)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    func keys(layer: Int) -> UnsafeMutablePointer<Float> { keys + layer * capacity * rowLength }
    func values(layer: Int) -> UnsafeMutablePointer<Float> { values + layer * capacity * rowLength }

    /// Bytes the cache can hold at full length.
    var byteCount: Int { 2 * layerCount * capacity * rowLength * MemoryLayout<Float>.size }
}

@available(*, unavailable) extension KVCache: Sendable {}
