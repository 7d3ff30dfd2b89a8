internal import LocalInference

extension LocalEngineBackend: ModelLanguageDescribing {
    /// `general.languages` from the GGUF file, else the family's documented languages
    /// (`ModelLanguages`), by `general.architecture` and `general.name` (or the file name).
    var modelLanguageCodes: [String] {
        let metadata = model.file.metadata
        if let languages = metadata.strings("general.languages"), !languages.isEmpty { return languages }
        return ModelLanguages.codes(forArchitecture: model.architecture,
                                    modelName: metadata.string("general.name") ?? model.url.lastPathComponent)
    }
}
