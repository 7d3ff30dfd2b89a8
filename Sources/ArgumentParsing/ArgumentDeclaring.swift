/// A property wrapper that declares command-line arguments.
protocol ArgumentDeclaring {
    /// The definitions for a property named `label`.
    func definitions(label: String) -> [ArgumentDefinition]
}
