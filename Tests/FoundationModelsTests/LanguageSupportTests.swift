import Foundation
import Testing
@testable import FoundationModels

@Suite("LanguageIdentifier.unsupportedLanguage")
struct LanguageSupportTests {
    let identifier = LanguageIdentifier()
    let englishOnly: Set<String> = ["en"]

    @Test(arguments: [
        ("서울과 부산의 날씨를 알려 주세요.", "ko"),
        ("20대 여성을 위한 패션 아이템을 추천해 줘", "ko"),
        ("안녕하세요", "ko"),
        ("明日の東京の天気を教えてください。", "ja"),
        ("请帮我总结一下这篇文章的主要内容。", "zh"),
        ("Расскажи мне о погоде в Москве.", "ru"),
        ("Bonjour, pouvez-vous me recommander un bon restaurant près de la gare ?", "fr"),
        ("Kannst du mir bitte helfen, einen Brief an meinen Vermieter zu schreiben?", "de"),
    ])
    func predominantlyUnsupportedTextIsRejected(text: String, language: String) {
        #expect(identifier.unsupportedLanguage(in: [text], supported: englishOnly) == language)
    }

    @Test(arguments: [
        "Please write a short birthday message for 김민준, who turns thirty next week.",
        "My favourite dish at the restaurant is 비빔밥 with extra vegetables.",
        "Translate the word 'こんにちは' into English and explain when it is used.",
        """
        // 计算所有订单的总金额
        func totalAmount(of orders: [Order]) -> Double {
            orders.reduce(0) { $0 + $1.amount }
        }
        """,
        """
        # 데이터 불러오기
        import pandas as pd
        frame = pd.read_csv("sales.csv")
        print(frame.groupby("region")["revenue"].sum())
        """,
        "What is the weather like in Seoul (서울) and Busan (부산) today?",
        "Summarize: The café on Rue de Rivoli serves croissants and espresso every morning.",
        "SELECT name, price FROM products WHERE price > 100 ORDER BY price DESC;",
        "12345 + 67890 = ?",
        "",
    ])
    func mixedOrNeutralTextIsAccepted(text: String) {
        #expect(identifier.unsupportedLanguage(in: [text], supported: englishOnly) == nil)
    }

    @Test func englishInstructionsDoNotExcuseAKoreanPrompt() {
        let texts = ["You are a helpful assistant. Answer briefly.", "서울 날씨 어때요?"]
        #expect(identifier.unsupportedLanguage(in: texts, supported: englishOnly) == "ko")
        #expect(identifier.unsupportedLanguage(in: [texts[0], "What is the weather in Seoul?"], supported: englishOnly) == nil)
    }

    @Test func supportedLanguagesAreMatchedByLanguageSubtag() {
        let korean = "서울과 부산의 날씨를 알려 주세요."
        #expect(identifier.unsupportedLanguage(in: [korean], supported: ["en-US", "ko-KR"]) == nil)
        #expect(identifier.unsupportedLanguage(in: [korean], supported: ["en_US"]) == "ko")
        #expect(identifier.unsupportedLanguage(in: ["Hola, ¿qué tal estás hoy?"], supported: ["es-419"]) == nil)
    }

    @Test func unknownSupportRejectsNothing() {
        #expect(identifier.unsupportedLanguage(in: ["서울 날씨 어때요?"], supported: Set<String>()) == nil)
    }

    @Test(arguments: [("en-US", "en"), ("zh_Hant_TW", "zh"), ("KO", "ko"), ("", "")])
    func languageSubtag(identifier: String, expected: String) {
        #expect(LanguageIdentifier.languageSubtag(identifier) == expected)
    }
}

@Suite("ModelLanguages")
struct ModelLanguagesTests {
    @Test func smolLM2IsEnglishOnly() {
        let languages = ModelLanguages.defaults(forArchitecture: "llama", modelName: "SmolLM2 135M Instruct")
        #expect(languages.map { $0.languageCode?.identifier } == ["en"])
    }

    @Test func llama3ListsItsEightLanguages() {
        let codes = ModelLanguages.codes(forArchitecture: "llama", modelName: "Meta-Llama-3.1-8B-Instruct")
        #expect(Set(codes) == ["en", "de", "fr", "it", "pt", "hi", "es", "th"])
    }

    @Test func gemma3AndQwen2AreMultilingual() {
        for architecture in ["gemma3", "qwen2"] {
            let codes = Set(ModelLanguages.codes(forArchitecture: architecture, modelName: nil))
            #expect(codes.isSuperset(of: ["en", "ko", "ja", "zh", "fr", "de", "es"]), "\(architecture)")
        }
    }

    @Test func unknownFamilyIsUnknown() {
        #expect(ModelLanguages.defaults(forArchitecture: "rwkv6", modelName: "something").isEmpty)
    }
}

@Suite("LanguageIdentifier on short English prompts")
struct LanguageShortEnglishPromptTests {
    /// The default model is English-only, so a short English prompt wrongly identified as
    /// another language would fail the whole request. Short prompts with little evidence
    /// must come out as English or undetermined, never as another language.
    @Test(arguments: [
        "Summarize this.", "List three colors.", "Hi", "OK", "Name a fruit.", "Tell me a joke",
        "Write a haiku", "Continue: Once upon a time", "Paris, Berlin, Madrid", "Espresso",
        "Quiche Lorraine recipe", "Describe Tokyo in two sentences.",
        "Translate to English: bonjour mes amis",
        "Recommend items for a 20-year-old woman",
        "End your response with ITEM_CODES:[code1,code2,...].",
        "Generate a JSON object with name and age.",
    ])
    func isNeverRejectedOnAnEnglishOnlyModel(prompt: String) {
        #expect(LanguageIdentifier().unsupportedLanguage(in: [prompt], supported: ["en"]) == nil)
    }
}

extension LanguageShortEnglishPromptTests {
    /// The guardrail evaluation texts are about 670 English requests written independently of
    /// the language profiles: none may be rejected on an English-only model, and nearly all
    /// must be identified as English.
    @Test func guardrailSetsEnglishTextsAreAccepted() throws {
        let identifier = LanguageIdentifier()
        let sets = try ["training-evaluation", "training-batch1"].map(LabelledGuardrailSet.init)
        let english = sets.flatMap { $0.benign + $0.harmful.map(\.text) }
            .filter { $0.unicodeScalars.allSatisfy { WritingScript($0) == nil || WritingScript($0) == .latin } }
        #expect(english.count >= 600)
        let rejected = english.filter { identifier.unsupportedLanguage(in: [$0], supported: ["en"]) != nil }
        let identified = english.filter { identifier.identify($0)?.code == "en" }
        print("English texts from the guardrail sets: \(identified.count)/\(english.count) identified as en, \(rejected.count) rejected")
        #expect(rejected.isEmpty, "\(rejected)")
        #expect(Double(identified.count) / Double(english.count) >= 0.98)
    }
}

extension LanguageSupportTests {
    @Test func acceptsLocaleLanguagesAsSupportedSet() {
        let english: Set<Locale.Language> = [Locale.Language(identifier: "en-US")]
        let korean = "서울과 부산의 날씨를 알려 주세요."
        #expect(identifier.unsupportedLanguage(in: [korean], supported: english) == "ko")
        let both: Set<Locale.Language> = [Locale.Language(identifier: "en"), Locale.Language(identifier: "ko")]
        #expect(identifier.unsupportedLanguage(in: [korean], supported: both) == nil)
    }
}
