import ArgumentParsing
import Foundation

/// `fm models verify [NAME]`: recomputes installed models' SHA-256 against the catalog.
struct ModelsVerifyCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "verify",
            abstract: "Check installed models' SHA-256 against the catalog.",
            discussion: """
                Without a name, every installed catalog model. Prints 'ok', 'corrupt' (the digest or size
                differs: run 'fm models rm' and pull again) or 'missing' (a named model not installed)
                per model; the status is 1 when any is not ok.
                """)
    }

    @Flag(help: "Print one JSON object per model: name, path, status, sha256, expected.")
    var json = false
    @Argument(help: "The model's name (default: every installed model).", valueName: "name")
    var name: String?

    func run() async throws {
        let catalog = try ModelCatalog.current()
        let store = ModelStore()
        let models = try name.map { [try catalog.require($0)] } ?? catalog.models.filter(store.isInstalled)
        var allGood = true
        for model in models {
            let url = store.url(of: model)
            var status = "missing"
            var digest: String?
            if store.isInstalled(model) {
                let progress = TransferProgress(label: "Checking \(model.fileName)")
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
                digest = try SHA256Hasher.hash(fileAt: url) { progress.update($0, of: size) }
                if Terminal.Stream.standardError.isTerminal { Terminal.write("\r\u{1B}[2K", to: .standardError) }
                status = digest == model.sha256 && size == model.size ? "ok" : "corrupt"
            }
            allGood = allGood && status == "ok"
            if json {
                JSONOutput.write(["name": .string(model.name), "path": .string(url.path), "status": .string(status),
                                  "sha256": digest.map { .string($0) } ?? .null, "expected": .string(model.sha256)])
            } else {
                Terminal.line("\(model.name): \(status)" + (status == "corrupt" ? " (SHA-256 \(digest ?? "?"), expected \(model.sha256))" : ""))
            }
        }
        if models.isEmpty { Terminal.log("No models installed in \(store.directory.path).") }
        if !allGood { throw ExitCode.failure }
    }
}
