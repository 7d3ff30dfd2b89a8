import Foundation
import JSONCore

/// A constraint on the values the model may generate for a property: choices, a pattern, a
/// numeric range, an element count.
///
/// Guides are enforced while decoding (the grammar never lets the model produce a value
/// outside them), not checked afterwards.
///
/// ```swift
/// @Guide(description: "Difficulty", .range(1...5)) let difficulty: Int
/// @Guide(.count(3)) var traits: [String]
/// ```
public struct GenerationGuide<Value>: Sendable {
    let constraints: [GuideConstraint]

    init(_ constraints: [GuideConstraint]) { self.constraints = constraints }
}

/// One enforceable constraint, independent of the Swift type it was written for.
enum GuideConstraint: Sendable, Hashable {
    case anyOf([String])
    case constant(String)
    case pattern(String)
    /// A regex whose source text is not available (built with RegexBuilder): cannot be enforced.
    case opaquePattern
    case minimum(JSONNumber)
    case maximum(JSONNumber)
    case minimumCount(Int)
    case maximumCount(Int)
    case element([GuideConstraint])
}

extension GenerationGuide where Value == String {
    /// The value must be exactly this string.
    public static func constant(_ value: String) -> GenerationGuide<String> { .init([.constant(value)]) }

    /// The value must be one of these strings.
    public static func anyOf(_ values: [String]) -> GenerationGuide<String> { .init([.anyOf(values)]) }

    /// The value must match this regular expression.
    public static func pattern<Output>(_ regex: Regex<Output>) -> GenerationGuide<String> {
        .init([GuideConstraint(regex: regex)])
    }
}

extension GenerationGuide where Value == Int {
    /// The value must be at least this.
    public static func minimum(_ value: Int) -> GenerationGuide<Int> { .init([.minimum(JSONNumber(value))]) }
    /// The value must be at most this.
    public static func maximum(_ value: Int) -> GenerationGuide<Int> { .init([.maximum(JSONNumber(value))]) }
    /// The value must lie in this range.
    public static func range(_ range: ClosedRange<Int>) -> GenerationGuide<Int> {
        .init([.minimum(JSONNumber(range.lowerBound)), .maximum(JSONNumber(range.upperBound))])
    }
}

extension GenerationGuide where Value == Double {
    /// The value must be at least this.
    public static func minimum(_ value: Double) -> GenerationGuide<Double> { .init([.minimum(JSONNumber(value))]) }
    /// The value must be at most this.
    public static func maximum(_ value: Double) -> GenerationGuide<Double> { .init([.maximum(JSONNumber(value))]) }
    /// The value must lie in this range.
    public static func range(_ range: ClosedRange<Double>) -> GenerationGuide<Double> {
        .init([.minimum(JSONNumber(range.lowerBound)), .maximum(JSONNumber(range.upperBound))])
    }
}

extension GenerationGuide where Value == Float {
    /// The value must be at least this.
    public static func minimum(_ value: Float) -> GenerationGuide<Float> { .init([.minimum(JSONNumber(Double(value)))]) }
    /// The value must be at most this.
    public static func maximum(_ value: Float) -> GenerationGuide<Float> { .init([.maximum(JSONNumber(Double(value)))]) }
    /// The value must lie in this range.
    public static func range(_ range: ClosedRange<Float>) -> GenerationGuide<Float> {
        .init([.minimum(JSONNumber(Double(range.lowerBound))), .maximum(JSONNumber(Double(range.upperBound)))])
    }
}

extension GenerationGuide where Value == Decimal {
    /// The value must be at least this.
    public static func minimum(_ value: Decimal) -> GenerationGuide<Decimal> { .init([.minimum(JSONNumber(decimal: value))]) }
    /// The value must be at most this.
    public static func maximum(_ value: Decimal) -> GenerationGuide<Decimal> { .init([.maximum(JSONNumber(decimal: value))]) }
    /// The value must lie in this range.
    public static func range(_ range: ClosedRange<Decimal>) -> GenerationGuide<Decimal> {
        .init([.minimum(JSONNumber(decimal: range.lowerBound)), .maximum(JSONNumber(decimal: range.upperBound))])
    }
}

extension GenerationGuide {
    /// The array must have at least this many elements.
    public static func minimumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.minimumCount(count)])
    }

    /// The array must have at most this many elements.
    public static func maximumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.maximumCount(count)])
    }

    /// The array's element count must lie in this range.
    public static func count<Element>(_ range: ClosedRange<Int>) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.minimumCount(range.lowerBound), .maximumCount(range.upperBound)])
    }

    /// The array must have exactly this many elements.
    public static func count<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.minimumCount(count), .maximumCount(count)])
    }

    /// Every element of the array must satisfy this guide.
    public static func element<Element>(_ guide: GenerationGuide<Element>) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.element(guide.constraints)])
    }
}

extension GuideConstraint {
    /// Reads the regex's source text; a regex built without a literal cannot be enforced.
    init<Output>(regex: Regex<Output>) {
        if let pattern = regex._literalPattern { self = .pattern(pattern) } else { self = .opaquePattern }
    }
}

extension JSONNumber {
    init(decimal: Decimal) {
        self = JSONNumber(literal: "\(decimal)") ?? JSONNumber(NSDecimalNumber(decimal: decimal).doubleValue)
    }
}
