import Foundation

/// One model known by name: the file it installs as, its exact size and SHA-256 (always
/// checked before `fm models pull` installs a file), and where to download it.
///
/// Shared by the library, which finds pulled models by name (``SystemLanguageModel/init(name:useCase:guardrails:contextSize:)``,
/// `FM_MODEL`), and `fm models`, which pulls them.
package struct CatalogModel: Sendable, Equatable {
    package let name: String
    package let fileName: String
    package let size: Int
    package let sha256: String
    package let summary: String
    package let source: ModelSource

    package init(name: String, fileName: String, size: Int, sha256: String, summary: String, source: ModelSource) {
        self.name = name
        self.fileName = fileName
        self.size = size
        self.sha256 = sha256
        self.summary = summary
        self.source = source
    }
}
