/// Splits text into the pieces ("words") that byte-level BPE merges within, selected by
/// `tokenizer.ggml.pre`.
///
/// Each style is a hand-written scanner equivalent to the regular expressions llama.cpp uses
/// (`llama-vocab.cpp`), applied in stages: every stage splits each piece of the previous stage
/// further, and text that a stage's pattern does not match stays a piece of its own.
///
/// | `pre`            | stages                                                                   |
/// |------------------|--------------------------------------------------------------------------|
/// | `gpt-2`          | `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+` |
/// | `smollm`         | `\p{N}`, then the gpt2 pattern                                           |
/// | `llama-bpe`      | `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+` |
/// | `qwen2`          | as `llama-bpe` with `\p{N}` instead of `\p{N}{1,3}`                      |
/// | `default`        | `[\p{P}\$\+<=>\^~\|]+`, the gpt2 pattern, `\p{N}+`, `[0-9][0-9][0-9]`     |
struct PreTokenizer: Sendable {
    enum Stage: Sendable {
        case gpt2
        case llama3(maximumDigits: Int)
        case eachNumber
        case numberRuns
        case punctuationRuns
        case asciiDigitTriples
    }

    let stages: [Stage]

    /// Llama 3 style (`\p{N}{1,3}` digits): llama.cpp also emits a piece that is a whole token
    /// without merging, and adds BOS by default.
    var isLlama3Family: Bool {
        if case .llama3(maximumDigits: 3)? = stages.first { return true }
        return false
    }

    /// The pre-tokenizer for a `tokenizer.ggml.pre` value, or `nil` if unsupported.
    init?(name: String) {
        // The names and groups follow llama.cpp's `llama_vocab::impl::load`.
        switch name {
        case "gpt-2", "gpt2", "phi-2", "mpt", "olmo", "jais":
            stages = [.gpt2]
        case "smollm", "starcoder", "refact", "command-r", "codeshell", "exaone", "minerva-7b":
            stages = [.eachNumber, .gpt2]
        case "llama3", "llama-v3", "llama-bpe", "falcon3", "pixtral":
            stages = [.llama3(maximumDigits: 3)]
        case "qwen2", "deepseek-r1-qwen", "megrez":
            stages = [.llama3(maximumDigits: 1)]
        case "default":
            stages = [.punctuationRuns, .gpt2, .numberRuns, .asciiDigitTriples]
        default:
            return nil
        }
    }

    /// Calls `body` with the byte range (into `text`) of each piece, in order.
    func split(_ text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        let scalars = DecodedText(text)
        var pieces: [Range<Int>] = [0..<scalars.count]   // ranges of scalar indices
        for stage in stages {
            var next: [Range<Int>] = []
            next.reserveCapacity(pieces.count * 2)
            for piece in pieces {
                scalars.split(piece, stage: stage) { next.append($0) }
            }
            pieces = next
        }
        for piece in pieces where !piece.isEmpty {
            body(scalars.byteOffsets[piece.lowerBound]..<scalars.byteOffsets[piece.upperBound])
        }
    }
}

/// Text decoded to scalar values and classes, with the byte offset of each scalar.
struct DecodedText {
    var values: [UInt32] = []
    var classes: [CharacterClass] = []
    /// `byteOffsets[i]` is where scalar `i` starts; one extra entry holds the text length.
    var byteOffsets: [Int] = []

    var count: Int { values.count }

    /// Decodes UTF-8; invalid sequences become U+FFFD covering the bytes they span.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        values.reserveCapacity(text.count)
        classes.reserveCapacity(text.count)
        byteOffsets.reserveCapacity(text.count + 1)
        let table = CharacterClass.bmp
        var iterator = text.makeIterator()
        var decoder = UTF8()
        var position = 0
        loop: while true {
            let before = position
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                position += UTF8.width(scalar)
                values.append(scalar.value)
                classes.append(scalar.value < 0x10000 ? table[Int(scalar.value)] : CharacterClass.of(scalar.value))
                byteOffsets.append(before)
            case .emptyInput:
                break loop
            case .error:
                // Only reachable for non-String input; advance by at least one byte.
                position = min(text.count, before + 1)
                values.append(0xFFFD)
                classes.append(.other)
                byteOffsets.append(before)
            }
        }
        byteOffsets.append(text.count)
    }

    @inline(__always) func value(_ i: Int, in range: Range<Int>) -> UInt32? {
        range.contains(i) ? values[i] : nil
    }

    @inline(__always) func cls(_ i: Int, in range: Range<Int>) -> CharacterClass {
        range.contains(i) ? classes[i] : []
    }

    /// Splits the scalars in `range` by one stage, calling `emit` with each piece in order.
    func split(_ range: Range<Int>, stage: Stage, emit: (Range<Int>) -> Void) {
        switch stage {
        case .gpt2: splitGPT2(range, emit: emit)
        case .llama3(let digits): splitLlama3(range, maximumDigits: digits, emit: emit)
        case .eachNumber: splitRuns(range, emit: emit) { self.classes[$0].contains(.number) ? 1 : 0 }
        case .numberRuns:
            splitRuns(range, emit: emit) { start in
                var end = start
                while end < range.upperBound, self.classes[end].contains(.number) { end += 1 }
                return end - start
            }
        case .punctuationRuns:
            splitRuns(range, emit: emit) { start in
                var end = start
                while end < range.upperBound, Self.isDefaultPunctuation(self.values[end], self.classes[end]) { end += 1 }
                return end - start
            }
        case .asciiDigitTriples:
            splitRuns(range, emit: emit) { start in
                guard start + 3 <= range.upperBound else { return 0 }
                return (start..<start + 3).allSatisfy { (48...57).contains(self.values[$0]) } ? 3 : 0
            }
        }
    }

    typealias Stage = PreTokenizer.Stage

    private static func isDefaultPunctuation(_ value: UInt32, _ cls: CharacterClass) -> Bool {
        cls.contains(.punctuation) || value == 0x24 || value == 0x2B || value == 0x3C || value == 0x3D
            || value == 0x3E || value == 0x5E || value == 0x7E || value == 0x7C
    }

    /// Regex-search semantics: at each position try the pattern; a match becomes a piece, and
    /// the unmatched text between matches becomes a piece too.
    private func splitRuns(_ range: Range<Int>, emit: (Range<Int>) -> Void, match: (Int) -> Int) {
        var pending = range.lowerBound
        var position = range.lowerBound
        while position < range.upperBound {
            let length = match(position)
            if length > 0 {
                if pending < position { emit(pending..<position) }
                emit(position..<position + length)
                position += length
                pending = position
            } else {
                position += 1
            }
        }
        if pending < range.upperBound { emit(pending..<range.upperBound) }
    }

    /// `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`
    /// (llama.cpp `unicode_regex_split_custom_gpt2`).
    private func splitGPT2(_ range: Range<Int>, emit: (Range<Int>) -> Void) {
        var start = range.lowerBound
        var position = range.lowerBound
        func add(_ end: Int) { if end > start { emit(start..<end) }; start = end }
        let space: UInt32 = 0x20, apostrophe: UInt32 = 0x27
        while position < range.upperBound {
            let cpt = values[position]
            let flags = classes[position]
            if cpt == apostrophe, position + 1 < range.upperBound {
                let next = values[position + 1]
                if next == 0x73 || next == 0x74 || next == 0x6D || next == 0x64 {  // s t m d
                    add(position + 2); position += 2; continue
                }
                if position + 2 < range.upperBound {
                    let nextNext = values[position + 2]
                    if (next == 0x72 && nextNext == 0x65) || (next == 0x76 && nextNext == 0x65) || (next == 0x6C && nextNext == 0x6C) {
                        add(position + 3); position += 3; continue  // re ve ll
                    }
                }
            }
            var flags2 = cpt == space ? cls(position + 1, in: range) : flags
            if flags2.contains(.letter) {
                if cpt == space { position += 1 }
                while flags2.contains(.letter) { position += 1; flags2 = cls(position, in: range) }
                add(position); continue
            }
            if flags2.contains(.number) {
                if cpt == space { position += 1 }
                while flags2.contains(.number) { position += 1; flags2 = cls(position, in: range) }
                add(position); continue
            }
            if flags2.contains(.other) {
                if cpt == space { position += 1 }
                while flags2.contains(.other) { position += 1; flags2 = cls(position, in: range) }
                add(position); continue
            }
            var whitespace = 0
            while cls(position + whitespace, in: range).contains(.whitespace) { whitespace += 1 }
            if whitespace > 1, position + whitespace < range.upperBound {
                position += whitespace - 1; add(position); continue   // \s+(?!\S)
            }
            if whitespace > 0 {
                position += whitespace; add(position); continue       // \s+
            }
            position += 1; add(position)
        }
    }

    /// `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
    /// (llama.cpp `unicode_regex_split_custom_llama3`).
    private func splitLlama3(_ range: Range<Int>, maximumDigits: Int, emit: (Range<Int>) -> Void) {
        var start = range.lowerBound
        var position = range.lowerBound
        func add(_ end: Int) { if end > start { emit(start..<end) }; start = end }
        func lower(_ value: UInt32?) -> UInt32? {
            guard let value else { return nil }
            return (0x41...0x5A).contains(value) ? value + 0x20 : value
        }
        let cr: UInt32 = 0x0D, lf: UInt32 = 0x0A, space: UInt32 = 0x20
        while position < range.upperBound {
            let cpt = values[position]
            let flags = classes[position]
            if cpt == 0x27, position + 1 < range.upperBound {
                let next = lower(values[position + 1])
                if next == 0x73 || next == 0x74 || next == 0x6D || next == 0x64 {
                    add(position + 2); position += 2; continue
                }
                if position + 2 < range.upperBound {
                    let nextNext = lower(values[position + 2])
                    if (next == 0x72 && nextNext == 0x65) || (next == 0x76 && nextNext == 0x65) || (next == 0x6C && nextNext == 0x6C) {
                        add(position + 3); position += 3; continue
                    }
                }
            }
            if !(cpt == cr || cpt == lf || flags.contains(.number)) {
                if flags.contains(.letter) || cls(position + 1, in: range).contains(.letter) {
                    position += 1
                    while cls(position, in: range).contains(.letter) { position += 1 }
                    add(position); continue
                }
            }
            if flags.contains(.number) {
                var first = position
                while cls(position, in: range).contains(.number) {
                    position += 1
                    if position - first >= maximumDigits { add(position); first = position }
                }
                add(position); continue
            }
            var flags2 = cpt == space ? cls(position + 1, in: range) : flags
            if flags2.contains(.other), flags.rawValue != 0 {
                if cpt == space { position += 1 }
                while flags2.contains(.other) { position += 1; flags2 = cls(position, in: range) }
                var next = value(position, in: range)
                while next == cr || next == lf { position += 1; next = value(position, in: range) }
                add(position); continue
            }
            var whitespace = 0
            var lastLineBreakEnd = 0
            while cls(position + whitespace, in: range).contains(.whitespace) {
                let value = values[position + whitespace]
                if value == cr || value == lf { lastLineBreakEnd = position + whitespace + 1 }
                whitespace += 1
            }
            if lastLineBreakEnd > 0 { position = lastLineBreakEnd; add(position); continue }
            if whitespace > 1, position + whitespace < range.upperBound {
                position += whitespace - 1; add(position); continue
            }
            if whitespace > 0 { position += whitespace; add(position); continue }
            position += 1; add(position)
        }
    }
}
