import Foundation

extension LanguageModelSession {
    /// Serializes feedback about the session's last response, with the transcript, as JSON to
    /// attach to a bug report.
    @discardableResult
    public func logFeedbackAttachment(sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
                                      desiredOutput: Transcript.Entry? = nil) -> Data {
        feedbackData(sentiment: sentiment, issues: issues, desired: desiredOutput.map(FeedbackDesired.entry))
    }

    /// Serializes feedback with the text the response should have been.
    @discardableResult
    public func logFeedbackAttachment(sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
                                      desiredResponseText: String?) -> Data {
        feedbackData(sentiment: sentiment, issues: issues, desired: desiredResponseText.map(FeedbackDesired.text))
    }

    /// Serializes feedback with the content the response should have been.
    @discardableResult
    public func logFeedbackAttachment(sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
                                      desiredResponseContent: (any ConvertibleToGeneratedContent)?) -> Data {
        feedbackData(sentiment: sentiment, issues: issues, desired: desiredResponseContent.map { .content($0.generatedContent) })
    }

    private func feedbackData(sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue], desired: FeedbackDesired?) -> Data {
        let attachment = FeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: desired.map(\.entry),
                                            transcript: transcript)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(attachment)) ?? Data()
    }
}

/// The JSON written by `logFeedbackAttachment`.
private struct FeedbackAttachment: Encodable {
    var sentiment: LanguageModelFeedback.Sentiment?
    var issues: [LanguageModelFeedback.Issue]
    var desiredOutput: Transcript.Entry?
    var transcript: Transcript
}

private enum FeedbackDesired {
    case entry(Transcript.Entry)
    case text(String)
    case content(GeneratedContent)

    var entry: Transcript.Entry {
        switch self {
        case .entry(let entry): entry
        case .text(let text): .response(.init(assetIDs: [], segments: [.text(.init(content: text))]))
        case .content(let content): .response(.init(assetIDs: [], segments: [.structure(.init(source: "desired", content: content))]))
        }
    }
}
