import Foundation

/// One `fm` subcommand.
///
/// Each subcommand is a small type in `Sources/fm/Commands/<Name>Command.swift`, listed once in
/// `main.swift`. Parsing happens in `init(arguments:)`; usage errors throw `UsageError`, which
/// exits with `EX_USAGE` (64). `run()` returns the process exit status.
protocol Command {
    /// The word after `fm`, e.g. `tokenize`. Nested commands use a space: `envelope check`.
    static var name: String { get }
    /// One line for `fm --help`.
    static var abstract: String { get }
    /// The full usage text shown by `fm <name> --help` and on usage errors.
    static var usage: String { get }

    init(arguments: inout ArgumentList) throws
    func run() async throws -> Int32
}

/// A mistake in how `fm` was called; printed with the command's usage, exit status 64.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The arguments after the subcommand name, consumed as options and flags are read.
///
/// ```swift
/// var arguments = ArgumentList(["--model", "m.gguf", "--greedy", "hello"])
/// let model = try arguments.option("--model")      // "m.gguf"
/// let greedy = arguments.flag("--greedy")          // true
/// let text = try arguments.positionals()           // ["hello"]
/// ```
struct ArgumentList {
    private var items: [String]

    init(_ items: [String]) { self.items = items }

    var isEmpty: Bool { items.isEmpty }

    /// Removes `name` if present and says whether it was.
    mutating func flag(_ name: String) -> Bool {
        guard let index = items.firstIndex(of: name) else { return false }
        items.remove(at: index)
        return true
    }

    /// Removes `name VALUE` (or `name=VALUE`) and returns VALUE, or nil when absent.
    /// - throws: `UsageError` when the option is present without a value.
    mutating func option(_ name: String) throws -> String? {
        if let index = items.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(items[index].dropFirst(name.count + 1))
            items.remove(at: index)
            return value
        }
        guard let index = items.firstIndex(of: name) else { return nil }
        guard index + 1 < items.count else { throw UsageError("missing value for \(name)") }
        let value = items[index + 1]
        items.removeSubrange(index...(index + 1))
        return value
    }

    /// Like `option(_:)`, converting the value; names the option and the bad value on failure.
    mutating func option<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws -> T? {
        guard let text = try option(name) else { return nil }
        guard let value = T(text) else {
            throw UsageError("invalid value '\(text)' for \(name): expected \(T.self)")
        }
        return value
    }

    /// Returns what is left once options are read. Anything left that starts with `--` is an
    /// unknown option (a lone `--` ends options: what follows is taken literally).
    mutating func positionals() throws -> [String] {
        var result: [String] = []
        var literal = false
        for item in items {
            if literal { result.append(item); continue }
            if item == "--" { literal = true; continue }
            if item.hasPrefix("--") { throw UsageError("unknown option '\(item)'") }
            result.append(item)
        }
        items.removeAll()
        return result
    }
}

/// Writes to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
