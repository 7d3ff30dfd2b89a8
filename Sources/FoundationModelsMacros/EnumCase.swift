import SwiftDiagnostics
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
    ///
    /// Cases under `#if` are reported to `diagnose` (the generated `switch`es could not cover
    /// them), and so is an associated value labeled `case`, which would clash with the tag.
    static func all(in members: MemberBlockItemListSyntax, diagnose: (Diagnostic) -> Void) -> [EnumCase] {
        members.flatMap { member -> [EnumCase] in
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                reportConditionalCases(in: conditional, diagnose: diagnose)
                return []
            }
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return caseDecl.elements.map { element in
                let parameters = element.parameterClause?.parameters ?? []
                let values = parameters.enumerated().map { index, parameter in
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0 }
                    let key = label.map { $0.identifier?.name ?? $0.text } ?? "_\(index)"
                    if key == "case", let label {
                        diagnose(Diagnostic(
                            node: label,
                            message: GenerableDiagnostic.unsupportedCase(
                                name: element.name.text,
                                reason: "the associated value label 'case' is the name of the tag that says which case was generated; rename it"
                            )
                        ))
                    }
                    return Value(key: key, label: label?.text, type: parameter.type.trimmed)
                }
                return EnumCase(
                    identifier: element.name.text,
                    name: element.name.identifier?.name ?? element.name.text,
                    values: values
                )
            }
        }
    }

    private static func reportConditionalCases(in conditional: IfConfigDeclSyntax, diagnose: (Diagnostic) -> Void) {
        for clause in conditional.clauses {
            guard case .decls(let members) = clause.elements else { continue }
            for member in members {
                if let nested = member.decl.as(IfConfigDeclSyntax.self) {
                    reportConditionalCases(in: nested, diagnose: diagnose)
                }
                for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
                    diagnose(Diagnostic(
                        node: element.name,
                        message: GenerableDiagnostic.unsupportedCase(
                            name: element.name.text,
                            reason: "cases inside '#if' are not supported; move it out"
                        )
                    ))
                }
            }
        }
    }
}
