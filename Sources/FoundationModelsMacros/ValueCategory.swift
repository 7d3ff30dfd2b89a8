import SwiftSyntax

/// What the macro can tell about a property's type from its spelling alone.
///
/// Macros see syntax, not types: `typealias Score = Int` is `.unknown`, and unknown types get no
/// guide checks here (the compiler still type-checks the guide in the expansion).
enum ValueCategory: Equatable {
    case string
    case number
    case bool
    case array
    case unknown

    /// Classifies `type`, looking through `Optional` (`T?`, `T!`, `Optional<T>`).
    init(_ type: TypeSyntax) {
        let base = type.unwrappedOptional ?? type
        if base.is(ArrayTypeSyntax.self) {
            self = .array
            return
        }
        switch base.simpleTypeName {
        case "String": self = .string
        case "Int", "Double", "Float", "Decimal": self = .number
        case "Bool": self = .bool
        case "Array": self = .array
        default: self = .unknown
        }
    }
}

extension TypeSyntax {
    /// `T` for `T?`, `T!` and `Optional<T>`; `nil` for any other type.
    var unwrappedOptional: TypeSyntax? {
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let optional = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType }
        if simpleTypeName == "Optional", let argument = genericArguments?.first {
            return TypeSyntax(argument)
        }
        return nil
    }

    /// The last name component: `String` for `String`, `Swift.String` and `Array<String>`'s `Array`.
    var simpleTypeName: String? {
        if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = self.as(MemberTypeSyntax.self) {
            // Only module-qualified standard names count: `Swift.String`, `Foundation.Decimal`.
            let base = member.baseType.as(IdentifierTypeSyntax.self)?.name.text
            return base == "Swift" || base == "Foundation" ? member.name.text : nil
        }
        return nil
    }

    /// The generic arguments of `Name<Arguments>` or `Module.Name<Arguments>`.
    private var genericArguments: [TypeSyntax]? {
        let clause = self.as(IdentifierTypeSyntax.self)?.genericArgumentClause
            ?? self.as(MemberTypeSyntax.self)?.genericArgumentClause
        return clause?.arguments.compactMap { $0.argument.as(TypeSyntax.self) }
    }
}
