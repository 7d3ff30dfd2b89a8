import ArgumentParsing

extension CommandError {
    /// A guided value the token budget cut off before it was complete: it is never printed as
    /// output (status 65).
    static func guidedOutputIncomplete(tokens: Int, maxTokens: Int) -> CommandError {
        CommandError("the JSON value was not complete after \(tokens) tokens (--max-tokens \(maxTokens)); nothing was printed",
                     hint: "Raise --max-tokens, or give the schema bounds (maxLength, maxItems) so that the value fits.",
                     status: .dataError)
    }
}
