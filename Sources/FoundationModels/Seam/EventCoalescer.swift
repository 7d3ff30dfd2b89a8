import Foundation

/// Turns an executor's events into the transcript entries of one model turn: consecutive
/// events without an entry id join the entry their kind is building, an explicit id anchors an
/// event to its own entry, and each entry keeps the latest usage its executor reported.
///
/// ```swift
/// var coalescer = EventCoalescer()
/// coalescer.apply(.response(action: .appendText("Hel", tokenCount: 1)))
/// coalescer.apply(.response(action: .appendText("lo", tokenCount: 1)))
/// coalescer.responseText   // "Hello"
/// ```
///
/// Usage is credited per entry (producers send cumulative totals, so a later update replaces
/// the entry's earlier one); without any update, the output count is the sum of the token
/// counts the text and argument deltas carried.
struct EventCoalescer {
    typealias Channel = LanguageModelExecutorGenerationChannel

    /// One entry being built.
    enum Draft {
        case response(ResponseDraft)
        case reasoning(ReasoningDraft)
        case toolCalls(ToolCallsDraft)
    }

    struct ResponseDraft {
        var id: String
        var segments: [SegmentDraft] = []
        var metadata: [String: GeneratedContent] = [:]
    }

    /// A text segment being written, or a finished non-text segment.
    enum SegmentDraft {
        case text(id: String, content: String)
        case attachment(Transcript.AttachmentSegment)
    }

    struct ReasoningDraft {
        var id: String
        var text = ""
        var metadata: [String: GeneratedContent] = [:]
    }

    struct ToolCallsDraft {
        var id: String
        var calls: [CallDraft] = []
        var metadata: [String: GeneratedContent] = [:]
    }

    struct CallDraft {
        var id: String
        var name: String
        var arguments = ""
        var metadata: [String: GeneratedContent] = [:]
    }

    /// The entries in the order they were opened.
    private(set) var drafts: [Draft] = []
    /// Each entry's latest reported usage and the tokens its deltas carried since, by entry id.
    private var usageByEntry: [String: EntryUsage] = [:]

    struct EntryUsage {
        var reported: LanguageModelSession.Usage?
        var deltaTokens = 0
        var reasoningDeltaTokens = 0
    }

    private mutating func credit(_ tokens: Int, to entryID: String, reasoning: Bool = false) {
        usageByEntry[entryID, default: EntryUsage()].deltaTokens += max(0, tokens)
        if reasoning { usageByEntry[entryID, default: EntryUsage()].reasoningDeltaTokens += max(0, tokens) }
    }

    private mutating func report(_ usage: LanguageModelExecutorGenerationChannel.Usage, for entryID: String) {
        usageByEntry[entryID] = EntryUsage(reported: LanguageModelSession.Usage(usage))
    }

    // MARK: - Applying events

    mutating func apply(_ event: Channel.Event) {
        switch event.kind {
        case .response(let response): apply(response)
        case .reasoning(let reasoning): apply(reasoning)
        case .toolCalls(let toolCalls): apply(toolCalls)
        }
    }

    /// The index of the entry an event goes to: the one with its id, else (no id) the last
    /// entry when it is of the same kind, else a new entry made by `make`.
    private mutating func index(for entryID: String?, matches: (Draft) -> String?, make: (String) -> Draft) -> Int {
        if let entryID {
            if let index = drafts.lastIndex(where: { matches($0) == entryID }) { return index }
            drafts.append(make(entryID))
            return drafts.count - 1
        }
        if let last = drafts.indices.last, matches(drafts[last]) != nil { return last }
        drafts.append(make(UUID().uuidString))
        return drafts.count - 1
    }

    private mutating func apply(_ response: Channel.Response) {
        let index = index(for: response.entryID, matches: { if case .response(let draft) = $0 { draft.id } else { nil } },
                          make: { .response(ResponseDraft(id: $0)) })
        guard case .response(var draft) = drafts[index] else { return }
        switch response.action.kind {
        case .appendText(let fragment):
            credit(fragment.tokenCount, to: draft.id)
            draft.segments.appendText(fragment.content, segmentID: fragment.segmentID)
            // Appended at the end of the last entry's text: the joined text just grows.
            if index == drafts.count - 1, fragment.segmentID == nil {
                responseText += fragment.content
                drafts[index] = .response(draft)
                return
            }
        case .replaceText(let replacement):
            draft.segments.replaceText(replacement.content, segmentID: replacement.segmentID)
        case .addAttachmentSegment(let segment):
            draft.segments.append(.attachment(segment))
        case .updateUsage(let usage):
            report(usage, for: draft.id)
        case .updateMetadata(let values):
            draft.metadata.merge(values) { $1 }
        }
        drafts[index] = .response(draft)
        rebuildResponseText()
    }

    private mutating func apply(_ reasoning: Channel.Reasoning) {
        let index = index(for: reasoning.entryID, matches: { if case .reasoning(let draft) = $0 { draft.id } else { nil } },
                          make: { .reasoning(ReasoningDraft(id: $0)) })
        guard case .reasoning(var draft) = drafts[index] else { return }
        switch reasoning.action.kind {
        case .appendText(let fragment):
            credit(fragment.tokenCount, to: draft.id, reasoning: true)
            draft.text += fragment.content
        case .updateUsage(let usage):
            report(usage, for: draft.id)
        case .updateMetadata(let values):
            draft.metadata.merge(values) { $1 }
        }
        drafts[index] = .reasoning(draft)
    }

    private mutating func apply(_ toolCalls: Channel.ToolCalls) {
        let index = index(for: toolCalls.entryID, matches: { if case .toolCalls(let draft) = $0 { draft.id } else { nil } },
                          make: { .toolCalls(ToolCallsDraft(id: $0)) })
        guard case .toolCalls(var draft) = drafts[index] else { return }
        switch toolCalls.action.kind {
        case .toolCall(let call):
            let position = draft.calls.firstIndex { $0.id == call.id } ?? {
                draft.calls.append(CallDraft(id: call.id, name: call.name))
                return draft.calls.count - 1
            }()
            switch call.action.kind {
            case .appendArguments(let fragment):
                credit(fragment.tokenCount, to: draft.id)
                draft.calls[position].arguments += fragment.content
            case .updateMetadata(let values):
                draft.calls[position].metadata.merge(values) { $1 }
            }
        case .removeToolCall(let id):
            draft.calls.removeAll { $0.id == id }
        case .updateUsage(let usage):
            report(usage, for: draft.id)
        case .updateMetadata(let values):
            draft.metadata.merge(values) { $1 }
        }
        drafts[index] = .toolCalls(draft)
    }

    // MARK: - Reading the turn

    /// The text of the turn's response entries so far, joined. Kept as events arrive (appends
    /// extend it; a replacement rebuilds it), so a stream's snapshot costs no re-join.
    private(set) var responseText = ""

    private mutating func rebuildResponseText() {
        responseText = drafts.reduce(into: "") { text, draft in
            if case .response(let response) = draft { text += response.segments.plainText }
        }
    }

    /// The calls the turn made, in order, across its tool-calls entries.
    var calls: [CallDraft] {
        drafts.flatMap { draft -> [CallDraft] in if case .toolCalls(let entry) = draft { entry.calls } else { [] } }
    }

    /// The turn's usage: each entry's last reported totals plus the tokens its deltas carried
    /// since (all of them for an entry that never reports), added over the entries; the input
    /// counted once (an executor's entries of one call report the same input).
    var usage: LanguageModelSession.Usage {
        var total = LanguageModelSession.Usage.zero
        for entry in usageByEntry.values {
            if let reported = entry.reported {
                total.output.totalTokenCount += reported.output.totalTokenCount
                total.output.reasoningTokenCount += reported.output.reasoningTokenCount
                total.input.totalTokenCount = max(total.input.totalTokenCount, reported.input.totalTokenCount)
                total.input.cachedTokenCount = max(total.input.cachedTokenCount, reported.input.cachedTokenCount)
                total.metadata.merge(reported.metadata) { $1 }
            }
            total.output.totalTokenCount += entry.deltaTokens
            total.output.reasoningTokenCount += entry.reasoningDeltaTokens
        }
        return total
    }

    /// The reasoning entries, as transcript entries.
    var reasoningEntries: [Transcript.Entry] {
        drafts.compactMap { draft in
            guard case .reasoning(let reasoning) = draft else { return nil }
            return .reasoning(Transcript.Reasoning(id: reasoning.id, metadata: reasoning.metadata,
                                                   segments: [.text(.init(content: reasoning.text))]))
        }
    }

    /// The response entries, their text segments made structured when `structure` is given
    /// (the parsed value of a guided response, named `source`).
    func responseEntries(structure: (source: String, content: GeneratedContent)?) -> [Transcript.Entry] {
        drafts.compactMap { draft in
            guard case .response(let response) = draft else { return nil }
            let segments: [Transcript.Segment]
            if let structure {
                segments = [.structure(.init(source: structure.source, content: structure.content))]
            } else {
                segments = response.segments.map { segment in
                    switch segment {
                    case .text(let id, let content): .text(.init(id: id, content: content))
                    case .attachment(let attachment): .attachment(attachment)
                    }
                }
            }
            return .response(Transcript.Response(id: response.id, metadata: response.metadata, segments: segments))
        }
    }
}

extension [EventCoalescer.SegmentDraft] {
    /// Appends to the segment with `segmentID` (or the last text segment when `nil`), opening
    /// a text segment when there is none to append to.
    mutating func appendText(_ text: String, segmentID: String?) {
        if let position = textSegmentIndex(segmentID), case .text(let id, let content) = self[position] {
            self[position] = .text(id: id, content: content + text)
        } else {
            append(.text(id: segmentID ?? UUID().uuidString, content: text))
        }
    }

    mutating func replaceText(_ text: String, segmentID: String?) {
        if let position = textSegmentIndex(segmentID), case .text(let id, _) = self[position] {
            self[position] = .text(id: id, content: text)
        } else {
            append(.text(id: segmentID ?? UUID().uuidString, content: text))
        }
    }

    private func textSegmentIndex(_ segmentID: String?) -> Int? {
        lastIndex { segment in
            guard case .text(let id, _) = segment else { return false }
            return segmentID == nil || id == segmentID
        }
    }

    var plainText: String {
        reduce(into: "") { text, segment in if case .text(_, let content) = segment { text += content } }
    }
}
