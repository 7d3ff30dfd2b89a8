/// The first line(s) of the generated extension and the access modifier of its members.
struct ExtensionHeader {
    /// The extended type as the compiler names it (qualified for nested types).
    let type: String
    /// False when the type already declares the conformance (the compiler then asks for none).
    let addsConformance: Bool
    /// `@available(...)` attributes copied from the type.
    let attributes: [String]
    /// `"public "`, `"package "` or `""`.
    let access: String

    /// `extension T: nonisolated FoundationModels.Generable {`, preceded by the availability
    /// attributes.
    ///
    /// The conformance is `nonisolated` so it holds in modules that default to main-actor
    /// isolation (`-default-isolation MainActor`, Xcode's default for apps): there an inferred
    /// main-actor conformance could not satisfy `ConvertibleFromGeneratedContent`'s
    /// `SendableMetatype` requirement, and schemas are built off the main actor.
    var opening: String {
        let conformance = addsConformance ? ": nonisolated FoundationModels.Generable" : ""
        return (attributes + ["extension \(type)\(conformance) {"]).joined(separator: "\n")
    }
}
