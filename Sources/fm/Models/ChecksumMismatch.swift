import Foundation

/// A downloaded file whose SHA-256 is not the one expected: it has been deleted, and nothing
/// was installed. Status 65 (the data is bad).
struct ChecksumMismatch: Error, CustomStringConvertible {
    let what: String
    let expected: String
    let actual: String

    var description: String {
        "\(what) has SHA-256 \(actual), expected \(expected): the file was deleted and nothing was installed"
    }

    var hint: String { "Run the pull again; if it fails the same way, the source has changed (check the catalog entry)." }
}
