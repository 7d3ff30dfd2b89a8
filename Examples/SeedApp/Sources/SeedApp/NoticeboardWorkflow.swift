import Foundation
import FoundationModels

// Seed 002's noticeboard types, with the seed's descriptions; the category and the date carry
// guides, so the grammar (not the model's goodwill) keeps them in the app's vocabulary.

@Generable
struct NoticeboardParseResult: Equatable {
    @Guide(description: "알림장에서 추출한 항목 목록", .count(1...6))
    var items: [NoticeboardExtractedItem]

    @Guide(description: "알림장 전체 내용을 1~2문장으로 요약")
    var summary: String
}

@Generable
struct NoticeboardExtractedItem: Equatable {
    @Guide(description: "항목 제목")
    var title: String

    @Guide(description: "분류: homework / material / notice / schedule", .anyOf(NoticeCategory.allNames))
    var category: String

    @Guide(description: "마감일 yyyy-MM-dd, 없으면 빈 문자열",
           .pattern(/^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))?$/))
    var dueDate: String
}

/// The app's categories; `ParsedNoticeItem` is what the rest of the app sees, whichever path
/// (model or rules) produced it.
enum NoticeCategory: String, CaseIterable, Sendable {
    case homework, material, notice, schedule
    static let allNames = allCases.map(\.rawValue)
}

/// The version-independent app model of seed 002 (`ParsedNoticeItem(from:)`).
struct ParsedNoticeItem: Equatable, Sendable {
    var title: String
    var category: NoticeCategory
    /// yyyy-MM-dd, or nil when the notice gives none.
    var dueDate: String?
}

/// Seed 002's `NoticeboardAssistantManager`: an actor holding its session as `Any?` (the
/// seed's iOS 18 pattern), checking the gate before every use and dropping the session when a
/// request fails.
actor NoticeboardAssistantManager {
    private var _session: Any?
    private var session: LanguageModelSession? {
        get { _session as? LanguageModelSession }
        set { _session = newValue }
    }
    let gate = AssistantGate(model: .default)

    /// The parsed notice and which path produced it.
    struct Outcome: Sendable {
        var items: [ParsedNoticeItem]
        var summary: String
        /// nil when the model parsed it; otherwise why the rule-based parser did.
        var degradedBecause: AssistantGate.Refusal?
    }

    func parse(_ text: String) async throws -> Outcome {
        if let refusal = gate.refusal(for: AssistantGate.korean) {
            let items = RuleBasedNoticeParser.items(in: text)
            return Outcome(items: items, summary: "항목 \(items.count)개 (규칙 기반 분석)", degradedBecause: refusal)
        }
        if session == nil {
            session = LanguageModelSession {
                "당신은 초등학교 알림장 분석 전문가입니다. OCR로 추출된 텍스트에서 항목을 추출해 구조화된 데이터로 변환합니다. 한국어로 응답하세요."
            }
        }
        do {
            let result = try await session!.respond(
                to: text, generating: NoticeboardParseResult.self,
                options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 400)
            ).content
            let items = try result.items.map { item in
                guard let category = NoticeCategory(rawValue: item.category) else {
                    throw GuaranteeBroken("category '\(item.category)' is outside the guide's \(NoticeCategory.allNames)")
                }
                return ParsedNoticeItem(title: item.title, category: category, dueDate: item.dueDate.isEmpty ? nil : item.dueDate)
            }
            return Outcome(items: items, summary: result.summary, degradedBecause: nil)
        } catch {
            session = nil   // the seed's reset: the next request starts a fresh session
            throw error
        }
    }
}

/// The app's path when the model cannot read the notice: numbered lines become items, a
/// keyword picks the category, and a Korean date (2026년 3월 14일) becomes yyyy-MM-dd.
enum RuleBasedNoticeParser {
    static func items(in text: String) -> [ParsedNoticeItem] {
        text.split(separator: "\n").compactMap { line -> ParsedNoticeItem? in
            guard let match = line.firstMatch(of: /^\s*[0-9]+[.)]\s*(.+)$/) else { return nil }
            let title = String(match.1)
            return ParsedNoticeItem(title: title, category: category(of: title), dueDate: date(in: title))
        }
    }

    static func category(of title: String) -> NoticeCategory {
        if title.contains("숙제") || title.contains("풀어 오기") || title.contains("익힘책") { return .homework }
        if title.contains("준비물") || title.contains("챙겨") { return .material }
        if title.contains("체험학습") || title.contains("일정") || title.contains("행사") { return .schedule }
        return .notice
    }

    static func date(in title: String) -> String? {
        guard let match = title.firstMatch(of: /([0-9]{4})년\s*([0-9]{1,2})월\s*([0-9]{1,2})일/),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}

enum NoticeboardWorkflow {
    static let notice = """
        3학년 2반 알림장
        1. 수학 익힘책 12~15쪽 풀어 오기 (2026년 3월 14일까지)
        2. 금요일 음악 시간 준비물: 리코더
        3. 2026년 3월 20일 과학관 현장체험학습, 참가 동의서 제출
        4. 급식비 납부 안내 가정통신문 확인
        """

    @Sendable static func run() async throws {
        let outcome = try await NoticeboardAssistantManager().parse(notice)
        if let reason = outcome.degradedBecause {
            show("model path off:", reason.description)
            show("degraded: the app's rule-based parser read the notice instead")
        }
        show("summary:", outcome.summary)
        for item in outcome.items {
            show("-", item.title, "|", item.category.rawValue, "|", item.dueDate ?? "(no date)", indent: 2)
        }
        try require(!outcome.items.isEmpty, "no items were extracted")
        for date in outcome.items.compactMap(\.dueDate) {
            try require(date.wholeMatch(of: /[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])/) != nil,
                        "due date '\(date)' is not yyyy-MM-dd")
        }
    }
}
