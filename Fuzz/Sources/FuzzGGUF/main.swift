import FuzzSupport
import LocalInference

/// Any bytes: the GGUF reader parses them or throws `GGUFError`; the tensors it accepts lie
/// inside the file (reading every byte of each would trap otherwise under ASan).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGGUF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let file = try GGUFFile(bytes: bytes)
        var sum: UInt8 = 0
        for tensor in file.tensors {
            for byte in file.bytes(of: tensor) { sum &+= byte }
        }
        _ = file.metadata.keys.count
        withExtendedLifetime(sum) {}
    } catch is GGUFError {
    } catch {
        fatalError("GGUFFile threw a non-GGUF error: \(error)")
    }
    return 0
}

// SwiftPM names an executable's entry point `FuzzGGUF_main`, so libFuzzer's own `main` is not
// used: this top-level code hands the command line to libFuzzer's driver instead.
runFuzzer { data, size in data.map { fuzzGGUF($0, size) } ?? 0 }
