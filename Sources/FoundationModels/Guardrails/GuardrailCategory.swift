/// The kind of harm a guardrail blocked content for.
///
/// A struct rather than an enum so that apps with their own `GuardrailPolicy` can add
/// categories without a new version of this package:
///
/// ```swift
/// extension GuardrailCategory {
///     static let medicalAdvice = GuardrailCategory("medicalAdvice")
/// }
/// ```
public struct GuardrailCategory: Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier, such as `"violentWrongdoing"`.
    public var identifier: String

    /// Creates a category named `identifier`.
    public init(_ identifier: String) {
        self.identifier = identifier
    }

    public var description: String { identifier }

    /// Instructions for making weapons or explosives, or for killing, poisoning or
    /// seriously hurting people.
    public static let violentWrongdoing = GuardrailCategory("violentWrongdoing")
    /// Any sexual content involving minors.
    public static let sexualContentInvolvingMinors = GuardrailCategory("sexualContentInvolvingMinors")
    /// Instructions or encouragement for suicide or self-harm.
    public static let selfHarm = GuardrailCategory("selfHarm")
    /// Slurs, dehumanization and calls for violence against protected groups.
    public static let hate = GuardrailCategory("hate")
}
