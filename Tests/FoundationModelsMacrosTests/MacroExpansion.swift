import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
@testable import FoundationModelsMacros

/// The result of expanding `@Generable`/`@Guide` in a source file, the way the compiler does
/// (the toolchain ships no SwiftSyntaxMacrosTestSupport, so this is the small part of it we need).
struct MacroExpansion {
    /// The whole file after expansion, trailing whitespace trimmed per line.
    let source: String
    /// `"line:column: message [id]"` for each diagnostic, located in the original source.
    let diagnostics: [String]
    /// The Fix-It messages, in diagnostic order.
    let fixIts: [String]
    /// What each Fix-It replaces and with what (`"old" -> "new"`), in diagnostic order.
    let fixItChanges: [String]

    init(_ original: String, conformsAlready: Bool = false) {
        let file = Parser.parse(source: original)
        let context = BasicMacroExpansionContext(
            sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")]
        )
        let conformances: [TypeSyntax] = conformsAlready ? [] : ["Generable"]
        let expanded = file.expand(
            macroSpecs: [
                "Generable": MacroSpec(type: GenerableMacro.self, conformances: conformances),
                "Guide": MacroSpec(type: GuideMacro.self),
            ],
            contextGenerator: { node in
                BasicMacroExpansionContext(sharingWith: context, lexicalContext: node.allMacroLexicalContexts())
            },
            indentationWidth: .spaces(4)
        )
        source = expanded.description
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
            .joined(separator: "\n")
        diagnostics = context.diagnostics.map { diagnostic in
            let location = context.location(for: diagnostic.position, anchoredAt: diagnostic.node, fileName: "test.swift")
            return "\(location.line):\(location.column): \(diagnostic.message) [\((diagnostic.diagMessage as? GenerableDiagnostic)?.id ?? "foreign")]"
        }
        fixIts = context.diagnostics.flatMap { $0.fixIts.map(\.message.message) }
        fixItChanges = context.diagnostics.flatMap(\.fixIts).flatMap(\.changes).map { change in
            guard case .replace(let old, let new) = change else { return "\(change)" }
            return "\(old.trimmedDescription) -> \(new.trimmedDescription)"
        }
    }
}

extension MacroExpansion {
    /// Whether `snippet`'s lines appear consecutively in the expansion, indentation ignored.
    func contains(_ snippet: String) -> Bool {
        let lines = source.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
        let wanted = snippet.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
        guard !wanted.isEmpty, wanted.count <= lines.count else { return false }
        return (0...(lines.count - wanted.count)).contains { start in
            zip(lines[start...], wanted).allSatisfy { $0 == $1 }
        }
    }

    /// The expansion's lines that start with `prefix` (indentation ignored), in order.
    func lines(startingWith prefix: String) -> [String] {
        source.split(separator: "\n")
            .map { String($0.trimmingPrefix(while: \.isWhitespace)) }
            .filter { $0.hasPrefix(prefix) }
    }
}
