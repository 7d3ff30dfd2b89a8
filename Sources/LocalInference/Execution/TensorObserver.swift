/// Receives one intermediate result of the forward pass: its llama.cpp-style node name (e.g.
/// "ffn_out-3"), its values as [tokens][width] row-major, and the width. The buffer is only
/// valid during the call.
package typealias TensorObserver = (_ name: String, _ values: UnsafeBufferPointer<Float>, _ width: Int) -> Void
