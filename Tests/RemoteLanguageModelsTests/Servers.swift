import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import FoundationModels
import JSONSchemaValidation
import ModelServer
import RemoteLanguageModels

/// The default model, as the other real-model suites find it.
let defaultModelURL = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models/SmolLM2-135M-Instruct.Q4_1.gguf")
let defaultModelPresent = FileManager.default.fileExists(atPath: defaultModelURL.path)

/// Our own server on the real default model, in this process, on an ephemeral port of 127.0.0.1.
struct InProcessServer: Sendable {
    let server: ModelServer<SystemLanguageModel>
    let http: HTTPServer
    var baseURL: URL { URL(string: "http://127.0.0.1:\(http.port)/v1")! }

    static func start() async throws -> InProcessServer {
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 2048)
        let server = try ModelServer(model: model, configuration: .init(modelID: "smollm2", parallel: 2, queueCapacity: 4, requestTimeLimit: .seconds(120)))
        let http = try HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), handler: server)
        try await server.load { _ = try await model.tokenCount(for: Instructions("")) }
        return InProcessServer(server: server, http: http)
    }

    /// The one server most tests share.
    static let shared = Task { try await start() }

    func model(features: ServerFeatures = .openAI) -> OpenAICompatibleLanguageModel {
        OpenAICompatibleLanguageModel(name: "smollm2", baseURL: baseURL, timeout: .seconds(120), features: features)
    }

    /// `/metrics` as text.
    func metrics() async throws -> String {
        try await HTTP.get(URL(string: "http://127.0.0.1:\(http.port)/metrics")!).text
    }

    func stop() async {
        server.beginDraining()
        await http.shutdown(grace: .seconds(10))
    }
}

/// A Python server the test starts as a child process and stops after.
final class ChildServer: Sendable {
    let process: Process
    let port: UInt16
    var root: URL { URL(string: "http://127.0.0.1:\(port)")! }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private init(process: Process, port: UInt16) {
        self.process = process
        self.port = port
    }

    /// `HostileServer.py`, which prints its port first.
    static func hostile() throws -> ChildServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HostileServer.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let data = reader.availableData
            if data.isEmpty { break }
            line += data
        }
        guard let port = UInt16(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw Failure(description: "HostileServer.py printed no port: \(String(decoding: line, as: UTF8.self))")
        }
        return ChildServer(process: process, port: port)
    }

    /// llama-cpp-python's server on `modelPath`, ready once `/v1/models` answers.
    static func llamaCpp(modelPath: String) async throws -> ChildServer {
        let port = try freePort()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("llama-cpp-server-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "llama_cpp.server", "--model", modelPath, "--host", "127.0.0.1",
                             "--port", String(port), "--n_ctx", "2048", "--verbose", "false"]
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let server = ChildServer(process: process, port: port)
        // Python's imports and the model load took over 180 s once while the rest of the suite
        // loaded both cores (uvicorn came up at the very end); a quiet machine needs ~5 s.
        let deadline = ContinuousClock.now + .seconds(600)
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw Failure(description: "llama_cpp.server exited with \(process.terminationStatus); see \(log.path)")
            }
            if let models = try? await HTTP.get(server.root.appendingPathComponent("v1/models")), models.status == 200 { return server }
            try await Task.sleep(for: .milliseconds(250))
        }
        server.stop()
        throw Failure(description: "llama_cpp.server did not answer /v1/models within 600 s; see \(log.path)")
    }

    /// The base URL of one of HostileServer.py's behaviours.
    func baseURL(_ behaviour: String) -> URL { root.appendingPathComponent(behaviour).appendingPathComponent("v1") }

    /// HostileServer.py's counts: requests and disconnects seen, by behaviour.
    func stats() async throws -> (requests: [String: Int], disconnects: [String: Int]) {
        let json = try await HTTP.get(root.appendingPathComponent("stats")).json
        func table(_ key: String) -> [String: Int] {
            var table: [String: Int] = [:]
            for (name, value) in json?[key]?.object ?? [:] { table[name] = value.number?.int64Value.map(Int.init) }
            return table
        }
        return (table("requests"), table("disconnects"))
    }

    /// Kills the child (SIGKILL: a child of this test process may start with SIGTERM blocked,
    /// as the spawning thread's signal mask is inherited) and reaps it.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A free TCP port of 127.0.0.1 (bound, read, released).
func freePort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw ChildServer.Failure(description: "no free port: \(String(cString: strerror(errno)))") }
    return UInt16(bigEndian: address.sin_port)
}

/// Whether llama-cpp-python's server can run here (the package with its `[server]` extras).
let llamaCppServerImportable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import llama_cpp.server.app"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    let importable = process.terminationStatus == 0
    if !importable {
        print("RemoteLanguageModelsTests: llama-cpp-python's server is not installed (python3 -c 'import llama_cpp.server.app' failed); "
              + "install it with pip install 'llama-cpp-python[server]' (scripts/test.sh does). Its suite is disabled.")
    }
    return importable
}()

/// Small GETs for readiness and stats.
enum HTTP {
    struct Answer {
        let status: Int
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: JSONValue? { try? JSONValue(parsing: [UInt8](body)) }
    }

    static func get(_ url: URL) async throws -> Answer {
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = "GET"
        let (data, response) = try await URLSession.shared.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }
}
