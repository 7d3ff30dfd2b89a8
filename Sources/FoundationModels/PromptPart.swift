/// One part of a ``Prompt`` or ``Instructions``: a line of text, or an attachment such as an
/// image.
///
/// Builders concatenate parts; the session turns them into transcript segments, where
/// consecutive lines become one text segment (joined by newlines) and each attachment its own
/// segment.
enum PromptPart: Sendable, Equatable {
    case text(String)
    case attachment(Transcript.AttachmentSegment)
}

extension [PromptPart] {
    /// The text the model reads: the lines joined by newlines, attachments left out.
    var text: String {
        compactMap { part in
            if case .text(let line) = part { line } else { nil }
        }.joined(separator: "\n")
    }

    /// The parts as transcript segments, consecutive lines merged into one text segment.
    var segments: [Transcript.Segment] {
        var segments: [Transcript.Segment] = []
        var lines: [String] = []
        func flushLines() {
            guard !lines.isEmpty else { return }
            segments.append(.text(.init(content: lines.joined(separator: "\n"))))
            lines.removeAll()
        }
        for part in self {
            switch part {
            case .text(let line): lines.append(line)
            case .attachment(let attachment):
                flushLines()
                segments.append(.attachment(attachment))
            }
        }
        flushLines()
        return segments
    }

    /// Whether any part is an attachment.
    var hasAttachments: Bool {
        contains { if case .attachment = $0 { true } else { false } }
    }
}
