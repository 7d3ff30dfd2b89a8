extension LanguageModelExecutorGenerationChannel {
    /// A tool-call lifecycle event: a call's arguments streamed in pieces, a retracted call,
    /// usage or metadata.
    ///
    /// ```swift
    /// await channel.send(.toolCalls(action: .toolCall(id: "call-1", name: "currentWeather",
    ///                                                 action: .appendArguments(#"{"city":"#, tokenCount: 3))))
    /// ```
    /// The arguments of a call are the concatenation of its `appendArguments` pieces: one JSON
    /// object, checked against the tool's schema when the turn ends.
    public struct ToolCalls: Sendable {
        /// The action to perform.
        public var action: Action
        /// The identifier for the entry.
        public var entryID: String?

        /// An operation that can be performed on a tool-calls entry.
        public struct Action: Sendable {
            enum Kind: Sendable {
                case toolCall(ToolCall)
                case removeToolCall(id: String)
                case updateUsage(Usage)
                case updateMetadata([String: GeneratedContent])
            }

            let kind: Kind

            /// Routes an event to a specific tool call within the entry (created on first use).
            ///
            /// - parameter id: The identifier of the tool call the event targets.
            /// - parameter name: The name of the tool being called.
            /// - parameter action: The operation to perform on the tool call.
            public static func toolCall(id: String, name: String, action: ToolCall.Action) -> Action {
                Action(kind: .toolCall(ToolCall(id: id, name: name, action: action)))
            }

            /// Drops a tool call the model retracted.
            ///
            /// - parameter id: The identifier of the tool call to remove.
            public static func removeToolCall(id: String) -> Action {
                Action(kind: .removeToolCall(id: id))
            }

            /// Reports the entry's token totals so far; each update replaces the last.
            public static func updateUsage(
                input: Usage.Input, output: Usage.Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]
            ) -> Action {
                Action(kind: .updateUsage(Usage(input: input, output: output, metadata: metadata)))
            }

            /// Merges values into the entry's metadata.
            public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                Action(kind: .updateMetadata(values.mapValues(\.generatedContent)))
            }
        }

        /// A per-tool-call event payload: `id` and `name` route it, `action` names the change.
        public struct ToolCall: Sendable {
            /// The action to perform.
            public var action: Action
            /// The identifier of the tool call.
            public var id: String
            /// The name of the tool being called.
            public var name: String

            init(id: String, name: String, action: Action) {
                self.id = id
                self.name = name
                self.action = action
            }

            /// An operation that can be performed on a tool call.
            public struct Action: Sendable {
                enum Kind: Sendable {
                    case appendArguments(TextFragment)
                    case updateMetadata([String: GeneratedContent])
                }

                let kind: Kind

                /// Appends a piece of the call's JSON arguments.
                ///
                /// - parameter content: The next piece of the arguments' JSON text.
                /// - parameter tokenCount: The number of tokens the piece carries.
                public static func appendArguments(_ content: String, tokenCount: Int) -> Action {
                    Action(kind: .appendArguments(TextFragment(content: content, tokenCount: tokenCount, segmentID: nil)))
                }

                /// Merges values into the tool call's metadata.
                public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                    Action(kind: .updateMetadata(values.mapValues(\.generatedContent)))
                }
            }
        }
    }
}
