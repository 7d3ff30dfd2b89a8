import Foundation

/// Runs a Python peer (llama.cpp through llama-cpp-python) for a benchmark's `--compare` and
/// reads the one JSON object it prints.
enum PeerProcess {
    /// `python3 arguments...`; its standard output parsed as a JSON object.
    ///
    /// - parameter what: the benchmark, for the error ("the llama.cpp benchmark failed ...").
    /// - throws: `CommandError` (69) with the exit status and how to install the peers.
    static func runPython(_ arguments: [String], what: String, quiet: Bool = false) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        if quiet { process.standardError = FileHandle.nullDevice }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CommandError("\(what) failed (python3 exit \(process.terminationStatus))",
                               hint: "Install the peers with scripts/install-peers.sh (llama-cpp-python).", status: .unavailable)
        }
        return object
    }
}
