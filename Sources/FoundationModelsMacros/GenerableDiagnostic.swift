import SwiftDiagnostics

/// Every error the `@Generable` and `@Guide` macros report, each with a stable message ID.
///
/// Messages quote the attribute and name the offending declaration, property, guide or type, so
/// the user sees what to change without reading the expansion.
enum GenerableDiagnostic: DiagnosticMessage {
    /// `@Generable` on something other than a struct or an enum; the payload reads "a class".
    case unsupportedDeclaration(kind: String)
    /// A stored property whose type the macro cannot see (`var count = 0`).
    case missingTypeAnnotation(property: String)
    /// A stored property the macro cannot generate: a tuple pattern or a property inside `#if`.
    case unsupportedProperty(property: String, reason: String)
    /// An enum case the macro cannot generate: under `#if`, or with a value labeled `case`.
    case unsupportedCase(name: String, reason: String)
    /// A guide whose value type does not match the property (`.range` on a `String`); `guide`
    /// reads "guide '.range'" or "regex guide".
    case guideTypeMismatch(guide: String, applies: String, property: String, type: String)
    /// `@Guide` on something other than a stored property.
    case guideOnNonStoredProperty(kind: String)
    /// `representNilExplicitlyInGeneratedContent:` given as an expression, not `true`/`false`.
    case nonLiteralNilRepresentation(expression: String)

    var message: String {
        switch self {
        case .unsupportedDeclaration(let kind):
            "'@Generable' can only be attached to a struct or an enum, not \(kind)"
        case .missingTypeAnnotation(let property):
            "'@Generable' needs an explicit type for property '\(property)'"
        case .unsupportedProperty(let property, let reason):
            "'@Generable' cannot generate property '\(property)': \(reason)"
        case .unsupportedCase(let name, let reason):
            "'@Generable' cannot generate case '\(name)': \(reason)"
        case .guideTypeMismatch(let guide, let applies, let property, let type):
            "'@Guide' \(guide) applies to \(applies), but property '\(property)' has type '\(type)'"
        case .guideOnNonStoredProperty(let kind):
            "'@Guide' can only be attached to a stored property of a '@Generable' type, not \(kind)"
        case .nonLiteralNilRepresentation(let expression):
            "'@Generable' needs 'true' or 'false' for 'representNilExplicitlyInGeneratedContent', not '\(expression)'"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "FoundationModelsMacros", id: id) }

    /// The stable ID of this kind of diagnostic, unique within the `FoundationModelsMacros` domain.
    var id: String {
        switch self {
        case .unsupportedDeclaration: "unsupportedDeclaration"
        case .missingTypeAnnotation: "missingTypeAnnotation"
        case .unsupportedProperty: "unsupportedProperty"
        case .unsupportedCase: "unsupportedCase"
        case .guideTypeMismatch: "guideTypeMismatch"
        case .guideOnNonStoredProperty: "guideOnNonStoredProperty"
        case .nonLiteralNilRepresentation: "nonLiteralNilRepresentation"
        }
    }

    var severity: DiagnosticSeverity { .error }
}

/// The Fix-It that turns `class`/`actor` into `struct`.
struct ReplaceWithStructFixIt: FixItMessage {
    let keyword: String
    var message: String { "Replace '\(keyword)' with 'struct'" }
    var fixItID: MessageID { MessageID(domain: "FoundationModelsMacros", id: "replaceWithStruct") }
}

/// The Fix-It that writes the literal's type on a property without a type annotation.
struct AddTypeAnnotationFixIt: FixItMessage {
    let typeName: String
    var message: String { "Add type annotation ': \(typeName)'" }
    var fixItID: MessageID { MessageID(domain: "FoundationModelsMacros", id: "addTypeAnnotation") }
}
