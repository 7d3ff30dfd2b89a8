extension LanguageModelExecutorGenerationChannel {
    /// A generation event: an action on a response, reasoning or tool-calls entry.
    ///
    /// ```swift
    /// await channel.send(.response(action: .appendText("Hello", tokenCount: 1)))
    /// ```
    public struct Event: Sendable {
        enum Kind: Sendable {
            case response(Response)
            case reasoning(Reasoning)
            case toolCalls(ToolCalls)
        }

        let kind: Kind

        /// A response event addressed to a transcript entry.
        ///
        /// - parameter entryID: The response entry this event targets; `nil` joins the entry
        ///   that consecutive response events are building.
        /// - parameter action: The operation to perform on the response entry.
        public static func response(entryID: String? = nil, action: Response.Action) -> Event {
            Event(kind: .response(Response(action: action, entryID: entryID)))
        }

        /// A reasoning event addressed to a transcript entry.
        ///
        /// - parameter entryID: The reasoning entry this event targets; `nil` joins the current one.
        /// - parameter action: The operation to perform on the reasoning entry.
        public static func reasoning(entryID: String? = nil, action: Reasoning.Action) -> Event {
            Event(kind: .reasoning(Reasoning(action: action, entryID: entryID)))
        }

        /// A tool-calls event addressed to a transcript entry.
        ///
        /// - parameter entryID: The tool-calls entry this event targets; `nil` joins the current one.
        /// - parameter action: The operation to perform on the tool-calls entry.
        public static func toolCalls(entryID: String? = nil, action: ToolCalls.Action) -> Event {
            Event(kind: .toolCalls(ToolCalls(action: action, entryID: entryID)))
        }
    }

    /// Text appended to a streaming entry's current text segment.
    public struct TextFragment: Sendable, Equatable {
        /// The text to append to the entry's current text segment.
        public var content: String
        /// The number of tokens the text carries.
        public var tokenCount: Int
        /// The identifier of the text segment to append to, or `nil` for the current segment.
        public var segmentID: String?
    }

    /// A replacement for a streaming entry's current text segment.
    public struct TextSegmentReplacement: Sendable, Equatable {
        /// The replacement text for the entry's current text segment.
        public var content: String
        /// The number of tokens the replacement text carries.
        public var tokenCount: Int
        /// The identifier of the segment to replace, or `nil` for the current segment.
        public var segmentID: String?
    }
}

extension LanguageModelExecutorGenerationChannel.Event {
    /// Whether the event can change the response's text (the only events a stream's snapshot
    /// shows at once).
    var changesResponseText: Bool {
        guard case .response(let response) = kind else { return false }
        switch response.action.kind {
        case .appendText, .replaceText: return true
        case .addAttachmentSegment, .updateUsage, .updateMetadata: return false
        }
    }
}
