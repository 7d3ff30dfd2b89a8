import ArgumentParsing
import Foundation

/// `fm models rm NAME`: deletes an installed model and any partial download of it.
struct ModelsRemoveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "rm",
            abstract: "Delete an installed model (and any partial download of it).",
            discussion: "Status 1 when there was nothing to delete.")
    }

    @Argument(help: "The model's name.", valueName: "name")
    var name: String

    func run() async throws {
        let model = try ModelCatalog.current().require(name)
        let store = ModelStore()
        guard try store.remove(model) else {
            Terminal.log("\(model.name) is not installed (no \(store.url(of: model).path))")
            throw ExitCode.failure
        }
        Terminal.log("Removed \(model.name)")
    }
}
