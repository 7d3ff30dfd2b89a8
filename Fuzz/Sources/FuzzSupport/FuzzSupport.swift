import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif

/// Runs libFuzzer on `testOneInput` with this process's command line, then exits with its status.
///
/// SwiftPM gives each executable its own entry point (`<Target>_main`), so the `main` that
/// `-sanitize=fuzzer` brings is never used; each target's top-level code calls this instead.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}
