extension Transcript {
    /// The transcript entries excluding the leading instructions entry, if present.
    ///
    /// ```swift
    /// var transcript = session.transcript
    /// transcript.history = Transcript.HistoryView(transcript.history.suffix(10))   // keep the last ten
    /// ```
    ///
    /// When reading, a first entry that is ``Entry/instructions(_:)`` is left out; every other
    /// entry, including later instructions entries, is in the view. When writing, the new value
    /// replaces every entry except the leading instructions entry, which is kept.
    public var history: HistoryView {
        get { HistoryView(base: entries[historyStart...]) }
        set { entries.replaceSubrange(historyStart..., with: newValue.base) }
    }

    /// Where the history starts: after a leading instructions entry.
    private var historyStart: Int {
        if case .instructions? = entries.first { 1 } else { 0 }
    }

    /// A mutable view into the conversational entries of a transcript: prompts, responses,
    /// reasoning, tool calls and tool outputs.
    ///
    /// Slices of a view are views sharing its indices, as with `ArraySlice`.
    public struct HistoryView: MutableCollection, RandomAccessCollection, RangeReplaceableCollection,
                               Sendable, Equatable, ExpressibleByArrayLiteral {
        /// The type of entry the view contains.
        public typealias Element = Transcript.Entry
        /// The type that represents a contiguous subrange of the view's entries.
        public typealias SubSequence = HistoryView

        /// A position in a history view.
        public struct Index: Comparable, Hashable, Sendable {
            let position: Int

            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.position < rhs.position }
        }

        var base: ArraySlice<Transcript.Entry>

        init(base: ArraySlice<Transcript.Entry>) { self.base = base }

        /// Creates an empty view.
        public init() { base = [] }

        /// Creates a view of these entries.
        public init(arrayLiteral elements: Transcript.Entry...) { base = ArraySlice(elements) }

        public var startIndex: Index { Index(position: base.startIndex) }
        public var endIndex: Index { Index(position: base.endIndex) }
        public func index(after index: Index) -> Index { Index(position: index.position + 1) }
        public func index(before index: Index) -> Index { Index(position: index.position - 1) }
        public func index(_ index: Index, offsetBy distance: Int) -> Index { Index(position: index.position + distance) }
        public func distance(from start: Index, to end: Index) -> Int { end.position - start.position }

        public subscript(position: Index) -> Transcript.Entry {
            get { base[position.position] }
            set { base[position.position] = newValue }
        }

        /// Accesses the subsequence of entries within the specified bounds.
        ///
        /// - parameter bounds: A range of valid indices in the view.
        public subscript(bounds: Range<Index>) -> HistoryView {
            get { HistoryView(base: base[bounds.lowerBound.position..<bounds.upperBound.position]) }
            set { base[bounds.lowerBound.position..<bounds.upperBound.position] = newValue.base }
        }

        /// Replaces the entries in `subrange` with `newElements`.
        ///
        /// - parameter subrange: Positions of entries to replace; must be valid for this view.
        /// - parameter newElements: The entries to put in their place.
        public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Index>, with newElements: C)
        where C.Element == Transcript.Entry {
            base.replaceSubrange(subrange.lowerBound.position..<subrange.upperBound.position, with: newElements)
        }

        /// Adds an entry to the end of the history view.
        ///
        /// - parameter newElement: The entry to append.
        public mutating func append(_ newElement: Transcript.Entry) { base.append(newElement) }

        /// Adds the entries of a sequence to the end of the history view.
        ///
        /// - parameter newElements: The entries to append.
        public mutating func append(contentsOf newElements: some Sequence<Transcript.Entry>) {
            base.append(contentsOf: newElements)
        }

        /// Views are equal when they hold equal entries in the same order, wherever they start.
        public static func == (lhs: HistoryView, rhs: HistoryView) -> Bool { lhs.base.elementsEqual(rhs.base) }
    }
}
