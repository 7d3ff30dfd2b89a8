/// A transcript is a mutable, range-replaceable collection of entries (Apple's 27 API), so it
/// can be trimmed, edited and appended to like an array.
///
/// ```swift
/// var transcript = session.transcript
/// transcript.removeSubrange(1..<3)
/// transcript.append(.prompt(.init(segments: [.text(.init(content: "Next question"))])))
/// ```
extension Transcript: MutableCollection, RangeReplaceableCollection {
    public typealias Element = Transcript.Entry
    public typealias SubSequence = Slice<Transcript>

    /// Creates an empty transcript.
    public init() { entries = [] }

    /// Replaces the entries in `subrange` with `newElements`.
    ///
    /// - parameter subrange: Positions of entries to replace; must be valid for this transcript.
    /// - parameter newElements: The entries to put in their place.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: consuming C)
    where C.Element == Transcript.Entry {
        entries.replaceSubrange(subrange, with: newElements)
    }
}
