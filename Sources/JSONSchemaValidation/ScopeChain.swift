import JSONCore
/// An immutable, shared-tail list: pushing is O(1) and never copies what is below, so the
/// evaluator's scope (copied at every subschema) stays cheap however deep evaluation goes.
final class ScopeChain<Element: Equatable>: Sendable where Element: Sendable {
    let element: Element
    let parent: ScopeChain?

    init(_ element: Element, parent: ScopeChain?) {
        self.element = element
        self.parent = parent
    }

    /// Whether `element` is anywhere in the chain (walks from the top).
    func contains(_ candidate: Element) -> Bool {
        var node: ScopeChain? = self
        while let current = node {
            if current.element == candidate { return true }
            node = current.parent
        }
        return false
    }

    /// The elements from the bottom (first pushed) to the top.
    var elementsFromBottom: [Element] {
        var result: [Element] = []
        var node: ScopeChain? = self
        while let current = node {
            result.append(current.element)
            node = current.parent
        }
        return result.reversed()
    }
}
