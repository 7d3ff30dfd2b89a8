extension JSONObject: ExpressibleByDictionaryLiteral {
    /// `["itemId": "sku_42", "quantity": 1]`, members in written order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
