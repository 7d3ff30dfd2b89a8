/// Includes the arguments of another ``ParsableArguments`` type, so that options shared by
/// several commands are declared once.
///
/// ```swift
/// @OptionGroup var model: ModelOptions
/// ```
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: ArgumentDeclaring, OptionGroupDeclaring {
    public var wrappedValue: Value

    public init() { wrappedValue = Value() }

    func definitions(label: String) -> [ArgumentDefinition] { ArgumentNames.definitions(of: wrappedValue) }
    var groupValue: any ParsableArguments { wrappedValue }
}
