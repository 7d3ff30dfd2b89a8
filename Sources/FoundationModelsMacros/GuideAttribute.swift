import SwiftDiagnostics
import SwiftSyntax

/// What one `@Guide(description:_:)` attribute says about a stored property.
struct GuideAttribute {
    /// The attribute as written, the anchor for its diagnostics.
    let attribute: AttributeSyntax
    /// The `description:` argument, copied as written (a literal or any `String` expression).
    let description: ExprSyntax?
    /// The unlabeled arguments: `GenerationGuide` values or one `Regex`.
    let guides: [ExprSyntax]

    /// Reads `attribute` if it is a `@Guide` (or `@FoundationModels.Guide`) attribute.
    init?(_ attribute: AttributeSyntax) {
        let name = attribute.attributeName.trimmedDescription
        guard name == "Guide" || name == "FoundationModels.Guide" else { return nil }
        self.attribute = attribute
        var description: ExprSyntax?
        var guides: [ExprSyntax] = []
        if case .argumentList(let arguments) = attribute.arguments {
            for argument in arguments {
                if argument.label?.text == "description" {
                    description = argument.expression.trimmed
                } else {
                    guides.append(argument.expression.trimmed)
                }
            }
        }
        self.description = description
        self.guides = guides
    }

    /// All `@Guide` attributes among `attributes`, in source order.
    static func all(in attributes: AttributeListSyntax) -> [GuideAttribute] {
        attributes.compactMap { element in
            if case .attribute(let attribute) = element { GuideAttribute(attribute) } else { nil }
        }
    }
}

extension GuideAttribute {
    /// The property types a guide applies to, with the guide's name for messages ("guide
    /// '.range'", "regex guide").
    ///
    /// A regex literal or a `Regex(...)` call counts as a string guide. Guides the table does not
    /// know (a variable holding a guide, say) are left to the compiler.
    static func requiredCategory(of guide: ExprSyntax) -> (name: String, category: ValueCategory)? {
        if guide.is(RegexLiteralExprSyntax.self) { return ("regex guide", .string) }
        var callee = guide
        if let call = guide.as(FunctionCallExprSyntax.self) { callee = call.calledExpression }
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Regex" {
            return ("regex guide", .string)
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        let required: ValueCategory
        switch name {
        case "anyOf", "constant", "pattern": required = .string
        case "minimum", "maximum", "range": required = .number
        case "count", "minimumCount", "maximumCount", "element": required = .array
        default: return nil
        }
        return ("guide '.\(name)'", required)
    }

    /// The guides that fit a property of `type`; the misfits are reported on the attribute through
    /// `diagnose` when given (the `@Guide` macro reports, `@Generable` only filters).
    func guides(
        fitting type: TypeSyntax,
        property: String,
        reportingTo diagnose: ((Diagnostic) -> Void)? = nil
    ) -> [ExprSyntax] {
        let actual = ValueCategory(type)
        return guides.filter { guide in
            guard actual != .unknown, let (name, required) = Self.requiredCategory(of: guide),
                  required != actual
            else { return true }
            diagnose?(Diagnostic(
                node: attribute,
                message: GenerableDiagnostic.guideTypeMismatch(
                    guide: name, applies: required.propertyKinds, property: property, type: type.trimmedDescription)
            ))
            return false
        }
    }
}

extension ValueCategory {
    /// How messages name the properties a guide applies to.
    var propertyKinds: String {
        switch self {
        case .string: "String properties"
        case .number: "Int, Double, Float or Decimal properties"
        case .bool: "Bool properties"
        case .array: "array properties"
        case .unknown: "other properties"
        }
    }
}
