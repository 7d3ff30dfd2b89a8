import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Generable(name:description:representNilExplicitlyInGeneratedContent:)`: conforms a struct
/// or an enum to `FoundationModels.Generable`.
///
/// Everything is generated in one extension, so a struct keeps its implicit memberwise
/// initializer (`init(_:)` lives outside the type body). The expansion calls only public API of
/// `FoundationModels`, fully qualified, because it is compiled in the user's module; the exact
/// shape is pinned by the expansion tests in `Tests/FoundationModelsMacrosTests`.
public struct GenerableMacro: ExtensionMacro {
    /// The expansion is emitted already formatted; re-formatting would respace the user's guide
    /// expressions (`1...5` becomes `1 ... 5`).
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let header = ExtensionHeader(
            type: type.trimmedDescription,
            addsConformance: !protocols.isEmpty,
            attributes: declaration.attributes.availabilityAttributes,
            access: declaration.modifiers.generatedAccess
        )
        let arguments = GenerableArguments(node, diagnose: context.diagnose)
        let text: String
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            let properties = StoredProperty.all(in: structDecl.memberBlock.members, diagnose: context.diagnose)
            text = StructExpansion(header: header, arguments: arguments, properties: properties).source
        } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            let cases = EnumCase.all(in: enumDecl.memberBlock.members, diagnose: context.diagnose)
            text = EnumExpansion(header: header, typeName: enumDecl.name.text, arguments: arguments, cases: cases).source
        } else {
            context.diagnose(unsupportedDeclaration(declaration, attribute: node))
            return []
        }
        guard let extensionDecl = DeclSyntax("\(raw: text)").as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// The error for a class, actor, protocol or extension; classes and actors get a Fix-It.
    private static func unsupportedDeclaration(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> Diagnostic {
        let keyword: TokenSyntax? = declaration.as(ClassDeclSyntax.self)?.classKeyword
            ?? declaration.as(ActorDeclSyntax.self)?.actorKeyword
        let kind = switch declaration.kind {
        case .classDecl: "a class"
        case .actorDecl: "an actor"
        case .protocolDecl: "a protocol"
        case .extensionDecl: "an extension"
        default: "this declaration"
        }
        var fixIts: [FixIt] = []
        if let keyword {
            fixIts.append(FixIt(
                message: ReplaceWithStructFixIt(keyword: keyword.text),
                changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.struct))))]
            ))
        }
        return Diagnostic(node: attribute, message: GenerableDiagnostic.unsupportedDeclaration(kind: kind), fixIts: fixIts)
    }
}

extension AttributeListSyntax {
    /// The type's `@available` attributes, repeated on the extension so it is no more available
    /// than the type it extends.
    var availabilityAttributes: [String] {
        compactMap { element in
            guard case .attribute(let attribute) = element,
                  attribute.attributeName.trimmedDescription == "available"
            else { return nil }
            return attribute.trimmedDescription
        }
    }
}

extension DeclModifierListSyntax {
    /// The modifier the generated members need: `public` members for a public or open type (the
    /// protocol witnesses must be as visible as the conformance), `package` for a package type,
    /// none otherwise.
    var generatedAccess: String {
        for modifier in self {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}
