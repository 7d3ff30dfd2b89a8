import SwiftDiagnostics
import SwiftSyntax

/// The arguments of a `@Generable(...)` attribute, as written.
struct GenerableArguments {
    /// `description:`, what the type is for the model.
    let description: ExprSyntax?
    /// `name:`, the schema's name in place of the Swift type name.
    let name: ExprSyntax?
    /// `representNilExplicitlyInGeneratedContent:` when written as a Boolean literal; `nil`
    /// when absent (or not a literal, which `nonLiteralNilRepresentation` reports).
    let representsNilExplicitly: Bool?

    /// Reads the arguments, reporting a `representNilExplicitlyInGeneratedContent:` that is not
    /// a Boolean literal: the expansion needs its value, not just its expression.
    init(_ attribute: AttributeSyntax, diagnose: (Diagnostic) -> Void) {
        let arguments: LabeledExprListSyntax? = if case .argumentList(let list) = attribute.arguments { list } else { nil }
        func argument(_ label: String) -> ExprSyntax? {
            arguments?.first { $0.label?.text == label }?.expression
        }
        description = argument("description")?.trimmed
        name = argument("name")?.trimmed
        // Untrimmed, so the diagnostic points into the attribute rather than at a detached node.
        if let flag = argument("representNilExplicitlyInGeneratedContent") {
            if let literal = flag.as(BooleanLiteralExprSyntax.self) {
                representsNilExplicitly = literal.literal.tokenKind == .keyword(.true)
            } else {
                representsNilExplicitly = nil
                diagnose(Diagnostic(node: flag, message: GenerableDiagnostic.nonLiteralNilRepresentation(expression: flag.trimmedDescription)))
            }
        } else {
            representsNilExplicitly = nil
        }
    }

    /// Whether nil optionals are written as `null` in generated content (`false` unless the
    /// attribute says `true`).
    var writesNilExplicitly: Bool { representsNilExplicitly ?? false }

    /// The `representNilExplicitlyInGeneratedContent:` argument line of the schema initializer,
    /// when the attribute has one.
    func nilRepresentationArgument(indent: String) -> String {
        representsNilExplicitly.map { "\n\(indent)representNilExplicitlyInGeneratedContent: \($0)," } ?? ""
    }

    /// `schema` as the type's schema: renamed when the attribute gives a `name:`.
    func named(_ schema: String) -> String {
        guard let name else { return schema }
        return "\(schema)._named(\(name))"
    }
}
