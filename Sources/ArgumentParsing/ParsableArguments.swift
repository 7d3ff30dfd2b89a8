/// A type whose stored properties are declared command-line arguments: `@Option`, `@Flag`,
/// `@Argument` and `@OptionGroup` properties, found by reflection when the type is parsed.
///
/// Options shared by several commands live in one `ParsableArguments` type that each command
/// includes with `@OptionGroup`:
///
/// ```swift
/// struct ModelOptions: ParsableArguments {
///     @Option(short: "m", help: "The GGUF model file.") var model: String?
/// }
/// ```
public protocol ParsableArguments {
    /// An instance with every argument at its default; the parser fills it in.
    init()

    /// Checks the parsed values together, after parsing and before `run()`.
    ///
    /// Throw ``UsageError`` for a usage mistake (printed with the usage, exit status 64).
    /// Validation only checks: values derived from the options are computed properties, so
    /// that what `run()` sees is what was validated.
    func validate() throws
}

extension ParsableArguments {
    public func validate() throws {}
}
