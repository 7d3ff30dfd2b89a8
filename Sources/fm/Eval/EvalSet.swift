import JSONCore

/// The tasks `fm eval` runs, written from the seed articles' workflows: notice extraction with a
/// category and a date, recommendation codes from a list (invented codes counted), Korean →
/// English translation, review classification, and an order draft. Korean prompts are the
/// product's first users' language; a model that does not read Korean scores low on them, which
/// is what the table should show.
enum EvalSet {
    private static func object(_ properties: [(String, JSONValue)]) -> JSONValue {
        [
            "type": "object",
            "properties": .object(JSONObject(properties.map { (key: $0.0, value: $0.1) })),
            "required": .array(properties.map { .string($0.0) }),
            "x-order": .array(properties.map { .string($0.0) }),
            "additionalProperties": false,
        ]
    }

    private static func choice(_ values: [String]) -> JSONValue { ["type": "string", "enum": .array(values.map { .string($0) })] }

    private static let sentiment = object([("sentiment", choice(["positive", "negative", "neutral"]))])
    private static let notice = object([
        ("category", choice(["event", "closure", "maintenance", "recruitment"])),
        ("date", ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"]),
    ])
    private static let codes = object([("codes", ["type": "array", "items": ["type": "string"], "maxItems": 5])])
    private static let translation = object([("english", ["type": "string"])])
    private static let order = object([
        ("item", choice(["americano", "latte", "croissant", "bagel"])), ("quantity", ["type": "integer", "minimum": 1, "maximum": 20]),
    ])
    private static let menu: Set<String> = ["A100", "A200", "B300", "C400", "D500"]
    private static let menuText = "A100 = hot americano, A200 = iced latte, B300 = butter croissant, C400 = plain bagel, D500 = green tea"

    static let items: [EvalItem] = [
        EvalItem(id: "review-1", kind: "review classification", instructions: "Classify the sentiment of the customer review.",
                 prompt: "The coffee was cold and the staff ignored us for twenty minutes.", schema: sentiment,
                 scoring: .fields(["sentiment": "negative"])),
        EvalItem(id: "review-2", kind: "review classification", instructions: "Classify the sentiment of the customer review.",
                 prompt: "Absolutely loved the pastries, friendly staff, will come back!", schema: sentiment,
                 scoring: .fields(["sentiment": "positive"])),
        EvalItem(id: "review-ko", kind: "review classification", instructions: "Classify the sentiment of the customer review.",
                 prompt: "음식이 정말 맛있고 직원들이 친절했어요. 또 올게요!", schema: sentiment,
                 scoring: .fields(["sentiment": "positive"])),
        EvalItem(id: "notice-1", kind: "notice extraction", instructions: "Extract the notice's category and its date (YYYY-MM-DD).",
                 prompt: "Notice: the community pool will be closed on 2025-07-14 for cleaning.", schema: notice,
                 scoring: .fields(["category": "closure", "date": "2025-07-14"])),
        EvalItem(id: "notice-ko", kind: "notice extraction", instructions: "Extract the notice's category and its date (YYYY-MM-DD).",
                 prompt: "[공지] 2025년 9월 3일 아파트 주민 바자회가 열립니다. 많은 참여 바랍니다.", schema: notice,
                 scoring: .fields(["category": "event", "date": "2025-09-03"])),
        EvalItem(id: "codes-1", kind: "recommendation codes", instructions: "Menu: \(menuText). Answer with the codes of the menu items that match the request, only codes from the menu.",
                 prompt: "I want something with coffee.", schema: codes,
                 scoring: .codes(property: "codes", expected: ["A100", "A200"], allowed: menu)),
        EvalItem(id: "codes-ko", kind: "recommendation codes", instructions: "Menu: \(menuText). Answer with the codes of the menu items that match the request, only codes from the menu.",
                 prompt: "빵 종류로 추천해 주세요.", schema: codes,
                 scoring: .codes(property: "codes", expected: ["B300", "C400"], allowed: menu)),
        EvalItem(id: "translate-ko", kind: "Korean → English", instructions: "Translate the Korean text into English.",
                 prompt: "내일 아침에 회의가 있습니다.", schema: translation,
                 scoring: .containsWords(property: "english", words: ["meeting", "tomorrow", "morning"])),
        EvalItem(id: "order-1", kind: "order draft", instructions: "Draft the order: which item and how many.",
                 prompt: "Can I get three lattes to go, please?", schema: order,
                 scoring: .fields(["item": "latte", "quantity": 3])),
        EvalItem(id: "order-ko", kind: "order draft", instructions: "Draft the order: which item and how many.",
                 prompt: "크루아상 두 개 주세요.", schema: order,
                 scoring: .fields(["item": "croissant", "quantity": 2])),
    ]
}
