/// A type an option or positional argument can be converted to from its text.
///
/// Integers take decimal digits with an optional sign; floating-point types take what
/// `Double(_:)` reads, finite values only. An enumeration with `String` raw values gets
/// its conformance (and the list of allowed values in help and errors) from
/// `CaseIterable & RawRepresentable` with an empty extension:
///
/// ```swift
/// enum Whitespace: String, CaseIterable, ExpressibleByArgument { case compact, space }
/// ```
public protocol ExpressibleByArgument {
    /// The value `argument` stands for, or nil when it is not one.
    init?(argument: String)
    /// How a default value is shown in help, `(default: 512)`.
    var defaultValueDescription: String { get }
    /// The values allowed, when there are few (shown in help; checked by the parser).
    static var allValueStrings: [String] { get }
    /// What kind of value is expected, for error messages: "an integer".
    static var valueKindDescription: String { get }
}

extension ExpressibleByArgument {
    public var defaultValueDescription: String { "\(self)" }
    public static var allValueStrings: [String] { [] }
    public static var valueKindDescription: String {
        allValueStrings.isEmpty ? "a value" : "one of " + allValueStrings.joined(separator: ", ")
    }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
    public init?(argument: String) { self = argument }
    public static var valueKindDescription: String { "text" }
}

extension Int: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument, radix: 10) }
    public static var valueKindDescription: String { "an integer" }
}

extension Int32: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument, radix: 10) }
    public static var valueKindDescription: String { "an integer" }
}

extension UInt32: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument, radix: 10) }
    public static var valueKindDescription: String { "a non-negative integer" }
}

extension UInt64: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument, radix: 10) }
    public static var valueKindDescription: String { "a non-negative integer" }
}

extension Double: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    public static var valueKindDescription: String { "a number" }
}

extension Float: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = Float(argument), value.isFinite else { return nil }
        self = value
    }
    public static var valueKindDescription: String { "a number" }
}
