"""Feature extraction for the guardrail classifier.

GuardrailClassifier.swift implements exactly the same steps; GuardrailClassifierTests checks
that both give the same scores on fixed texts. Change them together.

1. Tokens: GuardrailTokenizer's rules (lower-cased letters and digits; "'s" dropped, other
   apostrophes joined).
2. Sentences (split at SENTENCE_ENDS), then units of two consecutive sentences (or the one
   sentence), then windows of WINDOW tokens every STRIDE tokens within a unit (one window for
   short units). A text's score is its highest-scoring window, so long benign text does not add
   up to a block, and windows look like the one- or two-sentence texts the model is fitted on.
3. Per window, a set of binary features: "w:" word, "b:" word pair, "c:" character 3-5-grams of
   "<word>", "k:" concept class present, "k:a&b" two concept classes present together.
"""
import json
import os

WINDOW = 32
STRIDE = 16
CHAR_NGRAMS = (3, 4, 5)
NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"}

HERE = os.path.dirname(os.path.abspath(__file__))


def load_concepts(path=os.path.join(HERE, "concepts.json")):
    with open(path, encoding="utf-8") as f:
        raw = json.load(f)
    return {name: words for name, words in raw.items() if not name.startswith("_")}


def is_word_character(c):
    return c.isalpha() or c.isnumeric()


def tokens(text):
    """GuardrailTokenizer.tokens, in Python."""
    out, current = [], []
    chars = text.lower()
    i = 0
    while i < len(chars):
        c = chars[i]
        if is_word_character(c):
            current.append(c)
        elif c in ("'", "\u2019") and current:
            nxt = chars[i + 1] if i + 1 < len(chars) else " "
            after = chars[i + 2] if i + 2 < len(chars) else " "
            if nxt == "s" and not is_word_character(after):
                i += 2
                continue
        else:
            if current:
                out.append("".join(current))
            current = []
        i += 1
    if current:
        out.append("".join(current))
    return out


def is_minor_age(token):
    if token in NUMBER_WORDS:
        return True
    if len(token) > 2 or not token.isdigit() or not token.isascii():
        return False
    return 1 <= int(token) <= 17


class ConceptIndex:
    """Which concept classes a token belongs to (exact words, prefixes ending in *, #age)."""

    def __init__(self, concepts):
        self.names = sorted(concepts)
        self.exact = {}
        self.prefixes = []
        self.age = set()
        for name in self.names:
            for word in concepts[name]:
                if word == "#age":
                    self.age.add(name)
                elif word.endswith("*"):
                    self.prefixes.append((word[:-1], name))
                else:
                    self.exact.setdefault(word, set()).add(name)

    def classes(self, token):
        found = set(self.exact.get(token, ()))
        for stem, name in self.prefixes:
            if token.startswith(stem):
                found.add(name)
        if self.age and is_minor_age(token):
            found |= self.age
        return found


def windows(toks):
    if len(toks) <= WINDOW:
        return [toks]
    starts = list(range(0, len(toks) - WINDOW + 1, STRIDE))
    if starts[-1] != len(toks) - WINDOW:
        starts.append(len(toks) - WINDOW)
    return [toks[s:s + WINDOW] for s in starts]


TRIPLES = os.environ.get("GG_TRIPLES", "1") == "1"
PAIRS = True


SENTENCE_ENDS = set(".!?\u3002\uff01\uff1f\n\r\x0b\x0c\x85\u2028\u2029")


def sentences(text):
    """Token lists of the sentences of `text`, empty ones dropped."""
    out, start = [], 0
    for i, c in enumerate(text):
        if c in SENTENCE_ENDS:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [t for t in (tokens(piece) for piece in out) if t]


def token_windows(text):
    """The token windows of `text`: at least one, possibly empty."""
    sents = sentences(text)
    if len(sents) <= 1:
        return windows(sents[0] if sents else [])
    out = []
    for i in range(len(sents) - 1):
        out.extend(windows(sents[i] + sents[i + 1]))
    return out


def window_features(toks, index):
    features = set()
    present = set()
    for i, t in enumerate(toks):
        features.add("w:" + t)
        if i + 1 < len(toks):
            features.add("b:" + t + " " + toks[i + 1])
        padded = "<" + t + ">"
        for n in CHAR_NGRAMS:
            for j in range(len(padded) - n + 1):
                features.add("c:" + padded[j:j + n])
        present |= index.classes(t)
    ordered = sorted(present)
    for a_i, a in enumerate(ordered):
        features.add("k:" + a)
        for b_i in range(a_i + 1, len(ordered) if PAIRS else 0):
            b = ordered[b_i]
            features.add("k:" + a + "&" + b)
            if TRIPLES:
                for c in ordered[b_i + 1:]:
                    features.add("k:" + a + "&" + b + "&" + c)
    return features


def text_windows(text, index):
    """The feature sets of each window of `text` (at least one, possibly empty)."""
    return [window_features(w, index) for w in token_windows(text)]
