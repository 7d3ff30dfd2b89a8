/// A titled block of help text: two-column items (`--string <name>`, what it does) or, with no
/// items, a paragraph.
public struct HelpSection: Sendable {
    public var title: String
    public var items: [(label: String, text: String)]
    public var text: String

    public init(title: String, items: [(label: String, text: String)] = [], text: String = "") {
        self.title = title
        self.items = items
        self.text = text
    }
}
