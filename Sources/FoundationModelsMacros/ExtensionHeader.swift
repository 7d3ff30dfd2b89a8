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

    /// `extension T: FoundationModels.Generable {`, preceded by the availability attributes.
    var opening: String {
        let conformance = addsConformance ? ": FoundationModels.Generable" : ""
        return (attributes + ["extension \(type)\(conformance) {"]).joined(separator: "\n")
    }
}
