import Foundation

/// One model `fm models` knows by name: the file it installs as, its exact size and SHA-256
/// (always checked before a file is installed), and where to download it.
struct CatalogModel: Sendable, Equatable {
    let name: String
    let fileName: String
    let size: Int
    let sha256: String
    let summary: String
    let source: ModelSource
}
