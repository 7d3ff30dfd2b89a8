import SwiftSyntax

/// The arguments of a `@Generable(...)` attribute, as written.
struct GenerableArguments {
    /// `description:`, what the type is for the model.
    let description: ExprSyntax?
    /// `name:`, the schema's name in place of the Swift type name.
    let name: ExprSyntax?

    init(_ attribute: AttributeSyntax) {
        let arguments: LabeledExprListSyntax? = if case .argumentList(let list) = attribute.arguments { list } else { nil }
        func argument(_ label: String) -> ExprSyntax? {
            arguments?.first { $0.label?.text == label }?.expression.trimmed
        }
        description = argument("description")
        name = argument("name")
    }

    /// `schema` as the type's schema: renamed when the attribute gives a `name:`.
    func named(_ schema: String) -> String {
        guard let name else { return schema }
        return "\(schema)._named(\(name))"
    }
}
