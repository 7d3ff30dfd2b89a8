/// Storage a property wrapper and its definition's closures share, so that the parser can set
/// the value of the very instance it hands back.
final class ArgumentBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
