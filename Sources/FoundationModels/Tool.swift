/// A tool the model can call to get information or act: its name and description tell the
/// model when to use it, its `Arguments` schema what to pass.
///
/// ```swift
/// struct WeatherTool: Tool {
///     let name = "currentWeather"
///     let description = "Returns the current temperature for a city."
///     @Generable struct Arguments { @Guide(description: "City name") let city: String }
///     func call(arguments: Arguments) async throws -> String { "\(arguments.city): 21°C" }
/// }
/// ```
public protocol Tool<Arguments, Output>: Sendable {
    /// The arguments the model generates for a call.
    associatedtype Arguments: ConvertibleFromGeneratedContent
    /// What the tool returns to the model.
    associatedtype Output: PromptRepresentable

    /// A unique name, without spaces; defaults to the type's name.
    var name: String { get }
    /// What the tool does, in a sentence, for the model.
    var description: String { get }
    /// The schema of the arguments; defaults to `Arguments.generationSchema`.
    var parameters: GenerationSchema { get }
    /// Whether the session lists this tool's schema in the instructions it renders.
    var includesSchemaInInstructions: Bool { get }

    /// Performs the call.
    func call(arguments: Arguments) async throws -> Output
}

extension Tool {
    public var name: String { String(describing: Self.self) }
    public var includesSchemaInInstructions: Bool { true }
}

extension Tool where Arguments: Generable {
    public var parameters: GenerationSchema { Arguments.generationSchema }
}
