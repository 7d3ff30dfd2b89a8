import Foundation
import JSONCore

/// Reading the files named on the command line, with errors that name the path and the
/// system's reason (status 66), or what is wrong with the JSON in it (status 65).
enum FileInput {
    /// The file's bytes.
    ///
    /// - throws: `CommandError` (66) naming the path and `strerror(errno)`.
    static func data(_ path: String) throws -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CommandError("cannot read \(path): \(String(cString: strerror(errno)))", status: .noInput)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw CommandError("cannot read \(path): \(String(cString: strerror(EISDIR)))", status: .noInput)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandError("cannot read \(path): \(String(cString: strerror(errno == 0 ? EIO : errno)))", status: .noInput)
        }
    }

    /// The file's JSON.
    ///
    /// - throws: `CommandError`: 66 when unreadable, 65 when not JSON (with the parser's line
    ///   and column).
    static func json(_ path: String) throws -> JSONValue {
        let data = try data(path)
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw CommandError("\(path) is not JSON: \(error)", status: .dataError)
        }
    }

    /// A JSON Schema given either as a file path or inline as JSON text (Apple's `--schema`
    /// takes both): text that starts with `{` or `[` after whitespace is the schema itself.
    static func jsonOrFile(_ argument: String) throws -> (value: JSONValue, source: String) {
        let trimmed = argument.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard trimmed.first == "{" || trimmed.first == "[" else { return (try json(argument), argument) }
        do {
            return (try JSONValue(parsing: argument), "<inline JSON>")
        } catch {
            throw CommandError("the inline schema is not JSON: \(error)", status: .dataError)
        }
    }
}
