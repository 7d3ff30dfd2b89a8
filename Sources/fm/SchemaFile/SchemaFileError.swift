/// A Swift schema file (`fm schema show Recipe.swift`) that fm cannot read: where, and what
/// is wrong. Status 65 (bad input data).
struct SchemaFileError: Error, CustomStringConvertible {
    let path: String
    let line: Int
    let column: Int
    let message: String

    var description: String { "\(path):\(line):\(column): \(message)" }
}
