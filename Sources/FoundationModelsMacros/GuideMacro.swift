import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide(description:_:)`: a marker `@Generable` reads; it generates nothing itself.
///
/// Its expansion is where a guide that cannot apply to the property's type is reported, once per
/// attribute, on the attribute (`@Generable` silently leaves such guides out of the schema so the
/// user sees this one error instead of a type-checker cascade).
public struct GuideMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let guide = GuideAttribute(node) else { return [] }
        guard let variable = declaration.as(VariableDeclSyntax.self),
              variable.bindings.allSatisfy(\.isStored)
        else {
            let kind = declaration.as(VariableDeclSyntax.self) != nil ? "a computed property" : "this declaration"
            context.diagnose(Diagnostic(node: node, message: GenerableDiagnostic.guideOnNonStoredProperty(kind: kind)))
            return []
        }
        var sharedType: TypeSyntax?
        for binding in variable.bindings.reversed() {
            if let annotation = binding.typeAnnotation { sharedType = annotation.type.trimmed }
            else if binding.initializer != nil { sharedType = nil }
            guard let type = binding.typeAnnotation?.type.trimmed ?? sharedType else { continue }
            let property = binding.pattern.as(IdentifierPatternSyntax.self)
                .map { $0.identifier.identifier?.name ?? $0.identifier.text } ?? binding.pattern.trimmedDescription
            _ = guide.guides(fitting: type, property: property, reportingTo: context.diagnose)
            // One report per attribute: `var a, b: String` shares its type and its guides.
            break
        }
        return []
    }
}
