import SwiftSyntax

/// One case of a `@Generable` enum, with its associated values in order.
struct EnumCase {
    /// One associated value: its JSON key (the label, or `_0`, `_1`, ... by position) and type.
    struct Value {
        let key: String
        /// The label as written (backticks included) for rebuilding the case, if any.
        let label: String?
        let type: TypeSyntax
    }

    /// The name as written, backticks included, for use in code.
    let identifier: String
    /// The name without backticks: the JSON string or `"case"` tag.
    let name: String
    let values: [Value]

    /// Every case of `members`, in declaration order.
    static func all(in members: MemberBlockItemListSyntax) -> [EnumCase] {
        members.flatMap { member -> [EnumCase] in
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return caseDecl.elements.map { element in
                let parameters = element.parameterClause?.parameters ?? []
                let values = parameters.enumerated().map { index, parameter in
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0 }
                    return Value(
                        key: label.map { $0.identifier?.name ?? $0.text } ?? "_\(index)",
                        label: label?.text,
                        type: parameter.type.trimmed
                    )
                }
                return EnumCase(
                    identifier: element.name.text,
                    name: element.name.identifier?.name ?? element.name.text,
                    values: values
                )
            }
        }
    }
}
