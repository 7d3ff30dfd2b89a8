import Foundation

/// The guardrail classifier's generated data: concept classes, models, biases, threshold and
/// the weight of every feature, as `scripts/guardrails/train.py export` writes them.
///
/// The file is text, so that a diff of two trainings reads as what changed:
///
/// ```text
/// # comments
/// format<TAB>fm-guardrail-weights 1
/// models<TAB>harmful<TAB>violentWrongdoing<TAB>...
/// biases<TAB>-4.31<TAB>-5.14<TAB>...
/// threshold<TAB>4.30
/// concepts<TAB>33
/// features<TAB>12823
/// checksum<TAB>fnv1a64:147fe02f8244d8cc
///
/// concept<TAB>age<TAB>#age
/// concept<TAB>animal<TAB>animal*<TAB>pet<TAB>...
/// w:zip<TAB>0.169<TAB>0.142<TAB>...
/// ```
///
/// The header ends at the first empty line. The body holds exactly `concepts` concept lines,
/// then exactly `features` feature lines (`w:word`, `b:word word`, `k:concept[&concept...]`,
/// one finite weight per model); the checksum is FNV-1a (64 bits) of the body's bytes. Any
/// departure is a `GuardrailWeightsError` naming the line: the classifier is never built
/// from a table with lines silently missing.
package struct GuardrailWeights: Sendable, Equatable {
    /// One feature's name and kind, as the weight table spells it.
    package enum Feature: Sendable, Hashable {
        /// `w:word`: the word is present in the window.
        case word(String)
        /// `b:first second`: the two words are adjacent in the window.
        case pair(String)
        /// `k:a&b`: each named concept class is present in the window (one to three names).
        case concepts([String])
    }

    /// The first line of the header that names the format and its version.
    package static let format = "fm-guardrail-weights 1"
    /// Files larger than this are refused before they are read whole.
    package static let maximumFileSize = 64 << 20
    /// The resource's name in the FoundationModels bundle.
    package static let resourceName = "guardrail-weights"

    /// Concept classes: name, then words (`*` ends a prefix, `#age` is an age under 18).
    package var lexicon: [(name: String, words: [String])]
    /// Models, in column order: `harmful`, then one per category.
    package var modelNames: [String]
    /// Each model's bias, in `modelNames` order.
    package var biases: [Double]
    /// The harmful model's score above which a text is blocked.
    package var threshold: Double
    /// Features in file order; feature `i`'s weights are `weights[i * modelNames.count ..< (i + 1) * modelNames.count]`.
    package var features: [Feature]
    /// Row-major: `modelNames.count` weights per feature.
    package var weights: [Double]

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.lexicon.elementsEqual(rhs.lexicon) { $0.name == $1.name && $0.words == $1.words }
            && lhs.modelNames == rhs.modelNames && lhs.biases == rhs.biases && lhs.threshold == rhs.threshold
            && lhs.features == rhs.features && lhs.weights == rhs.weights
    }

    /// The weights shipped in the FoundationModels bundle.
    /// - throws: `GuardrailWeightsError` if the resource is missing, unreadable or malformed.
    package static func shipped() throws(GuardrailWeightsError) -> GuardrailWeights {
        try GuardrailWeights(contentsOf: shippedURL())
    }

    /// Where the shipped weights are: in the FoundationModels resource bundle (see ``BundledResource``).
    /// - throws: `GuardrailWeightsError.resourceMissing` naming every place searched.
    package static func shippedURL() throws(GuardrailWeightsError) -> URL {
        let resource = BundledResource(target: "FoundationModels", path: "Resources/\(resourceName).tsv",
                                       sourceDirectory: BundledResource.sourceDirectory(of: #filePath, levelsUp: 2))
        do {
            return try resource.url()
        } catch {
            throw .resourceMissing(name: error.description)
        }
    }

    /// Reads and checks a weights file.
    /// - throws: `GuardrailWeightsError.unreadable` or `.tooLarge`, or whatever
    ///   `init(parsing:)` throws for its contents.
    package init(contentsOf url: URL) throws(GuardrailWeightsError) {
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            guard size <= Self.maximumFileSize else { throw GuardrailWeightsError.tooLarge(bytes: size, limit: Self.maximumFileSize) }
            data = try Data(contentsOf: url)
        } catch let error as GuardrailWeightsError {
            throw error
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        try self.init(parsing: data)
    }

    /// Parses and checks the bytes of a weights file (see the type's documentation).
    /// - throws: `GuardrailWeightsError` naming the first line, count or checksum that is wrong.
    package init(parsing data: Data) throws(GuardrailWeightsError) {
        guard data.count <= Self.maximumFileSize else { throw .tooLarge(bytes: data.count, limit: Self.maximumFileSize) }
        let bytes = [UInt8](data)
        guard let headerEnd = Self.headerEnd(bytes) else {
            throw .malformed(line: Self.lineCount(bytes[...]) + 1, reason: "no empty line ends the header")
        }
        let header = try Header(bytes[..<headerEnd])
        let bodyStart = headerEnd + 2
        let body = bytes[bodyStart...]
        let computed = "fnv1a64:" + Self.hex(Self.fnv1a64(body))
        guard computed == header.checksum else { throw .checksumMismatch(declared: header.checksum, computed: computed) }

        let firstBodyLine = Self.lineCount(bytes[..<bodyStart]) + 1
        guard let text = String(validating: body, as: UTF8.self) else {
            throw .malformed(line: firstBodyLine, reason: "the body is not UTF-8")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        let declaredLines = header.conceptCount + header.featureCount
        guard lines.count == declaredLines else {
            let conceptLines = lines.prefix { $0.hasPrefix("concept\t") }.count
            if conceptLines != header.conceptCount {
                throw .countMismatch(what: "concept classes", declared: header.conceptCount, found: conceptLines)
            }
            throw .countMismatch(what: "features", declared: header.featureCount, found: lines.count - conceptLines)
        }

        let modelCount = header.modelNames.count
        var lexicon: [(name: String, words: [String])] = []
        var conceptNames: Set<String> = []
        var features: [Feature] = []
        var seenFeatures: Set<Feature> = []
        var weights: [Double] = []
        features.reserveCapacity(header.featureCount)
        weights.reserveCapacity(header.featureCount * modelCount)
        for (offset, line) in lines.enumerated() {
            let number = firstBodyLine + offset
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if offset < header.conceptCount {
                guard fields.count >= 3, fields[0] == "concept" else {
                    throw .malformed(line: number, reason: "expected 'concept<TAB>name<TAB>word...' (concept \(offset + 1) of \(header.conceptCount))")
                }
                let name = String(fields[1])
                guard !name.isEmpty, !name.contains("&"), conceptNames.insert(name).inserted else {
                    throw .malformed(line: number, reason: "concept name '\(name)' is empty, contains '&' or repeats")
                }
                guard fields.dropFirst(2).allSatisfy({ !$0.isEmpty && $0 != "*" }) else {
                    throw .malformed(line: number, reason: "concept '\(name)' has an empty word")
                }
                lexicon.append((name, fields.dropFirst(2).map(String.init)))
                continue
            }
            guard fields.count == modelCount + 1 else {
                throw .malformed(line: number, reason: "expected a feature and \(modelCount) weights, found \(fields.count) fields")
            }
            let feature = try Self.feature(fields[0], concepts: conceptNames, line: number)
            guard seenFeatures.insert(feature).inserted else {
                throw .malformed(line: number, reason: "feature '\(fields[0])' repeats")
            }
            for field in fields.dropFirst() {
                guard let weight = Double(field), weight.isFinite else {
                    throw .malformed(line: number, reason: "weight '\(field)' of '\(fields[0])' is not a finite number")
                }
                weights.append(weight)
            }
            features.append(feature)
        }
        self.lexicon = lexicon
        self.modelNames = header.modelNames
        self.biases = header.biases
        self.threshold = header.threshold
        self.features = features
        self.weights = weights
    }

    /// Reads `w:`, `b:` or `k:` feature names; `k:` names one to three known concepts.
    private static func feature(_ field: Substring, concepts: Set<String>, line: Int) throws(GuardrailWeightsError) -> Feature {
        let name = String(field.dropFirst(2))
        switch field.prefix(2) {
        case "w:" where !name.isEmpty: return .word(name)
        case "b:" where name.split(separator: " ").count == 2: return .pair(name)
        case "k:":
            let members = name.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
            guard (1...3).contains(members.count) else {
                throw .malformed(line: line, reason: "concept feature '\(field)' names \(members.count) concepts; 1 to 3 are allowed")
            }
            if let unknown = members.first(where: { !concepts.contains($0) }) {
                throw .malformed(line: line, reason: "concept feature '\(field)' names unknown concept '\(unknown)'")
            }
            return .concepts(members)
        default:
            throw .malformed(line: line, reason: "feature '\(field)' is not 'w:word', 'b:word word' or 'k:concept[&concept...]'")
        }
    }

    /// FNV-1a, 64 bits: cheap, and enough to notice a truncated or edited file (not a signature).
    package static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The index of the first `\n\n`, or nil.
    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 0x0A && bytes[index + 1] == 0x0A { return index }
        return nil
    }

    private static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}

extension GuardrailWeights {
    /// The header's fields, each required once.
    private struct Header {
        var modelNames: [String] = []
        var biases: [Double] = []
        var threshold: Double = 0
        var conceptCount = 0
        var featureCount = 0
        var checksum = ""

        init(_ bytes: ArraySlice<UInt8>) throws(GuardrailWeightsError) {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .malformed(line: 1, reason: "the header is not UTF-8")
            }
            var seen: Set<String> = []
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let number = offset + 1
                if line.hasPrefix("#") { continue }
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count >= 2, let key = fields.first else {
                    throw .malformed(line: number, reason: "expected 'key<TAB>value' in the header")
                }
                guard seen.insert(key).inserted else { throw .malformed(line: number, reason: "header field '\(key)' repeats") }
                let values = Array(fields.dropFirst())
                switch key {
                case "format":
                    guard values == [GuardrailWeights.format] else {
                        throw .malformed(line: number, reason: "format is '\(values.joined(separator: " "))', expected '\(GuardrailWeights.format)'")
                    }
                case "models":
                    guard values.first == "harmful", values.allSatisfy({ !$0.isEmpty }), Set(values).count == values.count else {
                        throw .malformed(line: number, reason: "models must start with 'harmful' and name each model once")
                    }
                    modelNames = values
                case "biases": biases = try Self.numbers(values, key: key, line: number)
                case "threshold":
                    let numbers = try Self.numbers(values, key: key, line: number)
                    guard numbers.count == 1 else { throw .malformed(line: number, reason: "threshold takes one number") }
                    threshold = numbers[0]
                case "concepts": conceptCount = try Self.count(values, key: key, limit: GuardrailConceptIndex.maximumCount, line: number)
                case "features": featureCount = try Self.count(values, key: key, limit: 10_000_000, line: number)
                case "checksum":
                    guard values.count == 1, values[0].hasPrefix("fnv1a64:"), values[0].count == 24 else {
                        throw .malformed(line: number, reason: "checksum must be 'fnv1a64:' and 16 hex digits")
                    }
                    checksum = values[0].lowercased()
                default:
                    throw .malformed(line: number, reason: "unknown header field '\(key)'")
                }
            }
            for field in ["format", "models", "biases", "threshold", "concepts", "features", "checksum"] where !seen.contains(field) {
                throw .missingHeaderField(field)
            }
            guard biases.count == modelNames.count else {
                throw .countMismatch(what: "biases (one per model)", declared: modelNames.count, found: biases.count)
            }
        }

        private static func numbers(_ values: [String], key: String, line: Int) throws(GuardrailWeightsError) -> [Double] {
            var numbers: [Double] = []
            for value in values {
                guard let number = Double(value), number.isFinite else {
                    throw .malformed(line: line, reason: "\(key) value '\(value)' is not a finite number")
                }
                numbers.append(number)
            }
            return numbers
        }

        private static func count(_ values: [String], key: String, limit: Int, line: Int) throws(GuardrailWeightsError) -> Int {
            guard values.count == 1, let count = Int(values[0]), (0...limit).contains(count) else {
                throw .malformed(line: line, reason: "\(key) must be one count in 0...\(limit), found '\(values.joined(separator: " "))'")
            }
            return count
        }
    }
}
