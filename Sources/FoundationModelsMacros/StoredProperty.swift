import SwiftDiagnostics
import SwiftSyntax

/// A stored property of a `@Generable` struct: one schema property and one field of the
/// generated content, in declaration order.
struct StoredProperty {
    /// The name as written, backticks included, for use in code.
    let identifier: TokenSyntax
    /// The name in the user's source, where diagnostics about this property point.
    let pattern: IdentifierPatternSyntax
    /// The declared type.
    let type: TypeSyntax
    /// The `@Guide(description:)` argument, if any.
    let description: ExprSyntax?
    /// The guide arguments that fit `type`.
    let guides: [ExprSyntax]

    /// The name without backticks, as it appears in the schema and the JSON.
    var name: String { identifier.identifier?.name ?? identifier.text }

    /// The name as an argument label: keywords need no backticks there, except these three.
    var label: String { ["inout", "var", "let"].contains(name) ? identifier.text : name }

    /// The declared type without its outer `Optional`, for `PartiallyGenerated` lookups.
    var isOptional: Bool { type.unwrappedOptional != nil }

    /// `T.PartiallyGenerated?` for `T` and `T?` alike: every partial field is optional.
    var partialType: String {
        "\((type.unwrappedOptional ?? type).trimmedDescription).PartiallyGenerated?"
    }
}

extension StoredProperty {
    /// The stored properties of `members` the macro generates code for, in declaration order.
    ///
    /// Skipped: static and lazy properties, computed properties, and `let`s with an initial value
    /// (they cannot be assigned in `init(_:)`). Reported to `diagnose` and skipped: a stored
    /// property without a type annotation, a tuple pattern, and stored properties under `#if`.
    static func all(in members: MemberBlockItemListSyntax, diagnose: (Diagnostic) -> Void) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                properties += all(in: variable, diagnose: diagnose)
            } else if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                reportConditionalProperties(in: conditional, diagnose: diagnose)
            }
        }
        return properties
    }

    /// Stored properties under `#if` would need a conditional `init(_:)`; the macro cannot tell
    /// which clause is active, so each one that `init(_:)` would have to assign is an error.
    private static func reportConditionalProperties(in conditional: IfConfigDeclSyntax, diagnose: (Diagnostic) -> Void) {
        for clause in conditional.clauses {
            guard case .decls(let members) = clause.elements else { continue }
            for member in members {
                if let nested = member.decl.as(IfConfigDeclSyntax.self) {
                    reportConditionalProperties(in: nested, diagnose: diagnose)
                    continue
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                // Reuse the filtering rules; only the properties that would be generated matter.
                for property in all(in: variable, diagnose: { _ in }) {
                    diagnose(Diagnostic(
                        node: property.pattern,
                        message: GenerableDiagnostic.unsupportedProperty(
                            property: property.name,
                            reason: "stored properties inside '#if' are not supported; move it out or give it a default value"
                        )
                    ))
                }
            }
        }
    }

    private static func all(in variable: VariableDeclSyntax, diagnose: (Diagnostic) -> Void) -> [StoredProperty] {
        let skipped: Set<String> = ["static", "class", "lazy"]
        if variable.modifiers.contains(where: { skipped.contains($0.name.text) }) { return [] }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let guides = GuideAttribute.all(in: variable.attributes)
        let description = guides.lazy.compactMap(\.description).first

        // `var a, b: Int` declares both as Int: the type is written on the last binding only.
        var properties: [StoredProperty] = []
        var sharedType: TypeSyntax?
        for binding in variable.bindings.reversed() {
            if let annotation = binding.typeAnnotation { sharedType = annotation.type.trimmed }
            else if binding.initializer != nil { sharedType = nil }
            guard binding.isStored, !(isLet && binding.initializer != nil) else { continue }
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                diagnose(Diagnostic(
                    node: binding.pattern,
                    message: GenerableDiagnostic.unsupportedProperty(
                        property: binding.pattern.trimmedDescription,
                        reason: "declare each property with its own name and type"
                    )
                ))
                continue
            }
            guard let type = binding.typeAnnotation?.type.trimmed ?? sharedType else {
                diagnose(Diagnostic(
                    node: pattern,
                    message: GenerableDiagnostic.missingTypeAnnotation(property: pattern.identifier.identifier?.name ?? pattern.identifier.text),
                    fixIts: binding.literalTypeFixIt.map { [$0] } ?? []
                ))
                continue
            }
            let property = pattern.identifier.identifier?.name ?? pattern.identifier.text
            properties.append(StoredProperty(
                identifier: pattern.identifier.trimmed,
                pattern: pattern,
                type: type,
                description: description,
                guides: guides.flatMap { $0.guides(fitting: type, property: property) }
            ))
        }
        return properties.reversed()
    }
}

extension PatternBindingSyntax {
    /// False for computed properties; observers (`willSet`/`didSet`) keep a property stored.
    var isStored: Bool {
        switch accessorBlock?.accessors {
        case nil: true
        case .getter: false
        case .accessors(let accessors):
            accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        @unknown default: false
        }
    }
}

extension PatternBindingSyntax {
    /// For `var retries = 3`: the Fix-It that writes `var retries: Int = 3`. Only literals have a
    /// type the macro can know (`Int`, `Double`, `String`, `Bool`, as the compiler infers them).
    var literalTypeFixIt: FixIt? {
        guard let value = initializer?.value else { return nil }
        let typeName: String
        if value.is(IntegerLiteralExprSyntax.self) { typeName = "Int" }
        else if value.is(FloatLiteralExprSyntax.self) { typeName = "Double" }
        else if value.is(StringLiteralExprSyntax.self) { typeName = "String" }
        else if value.is(BooleanLiteralExprSyntax.self) { typeName = "Bool" }
        else { return nil }
        let annotation = TypeAnnotationSyntax(
            colon: .colonToken(trailingTrivia: .space),
            type: IdentifierTypeSyntax(name: .identifier(typeName)),
            trailingTrivia: pattern.trailingTrivia
        )
        let fixed = with(\.pattern, pattern.with(\.trailingTrivia, [])).with(\.typeAnnotation, annotation)
        return FixIt(
            message: AddTypeAnnotationFixIt(typeName: typeName),
            changes: [.replace(oldNode: Syntax(self), newNode: Syntax(fixed))]
        )
    }
}
