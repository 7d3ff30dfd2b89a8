/// What a Latin-script language looks like: its most frequent function words and the
/// letter sequences that are common in it and rare in its neighbours.
///
/// Function words carry most of the signal in short sentences (a 20-character sentence has
/// three or four words, and one of them is almost always an article, pronoun or preposition).
/// Letter sequences (`"ção"`, `"ij"`, `"sch"`, `"ğ"`) decide the rest, including texts made
/// only of content words. Profiles were written by hand from grammar facts and frequency lists;
/// see `LatinLanguageProfile+Catalog.swift`.
package struct LatinLanguageProfile: Sendable {
    /// BCP-47 language subtag.
    package var code: String
    /// Lower-cased function words. A word listed in several profiles counts `1/k` for each.
    /// Elided forms keep their apostrophe (`"l'"`, `"qu'"`, `"don'"`).
    package var functionWords: Set<String>
    /// Lower-cased letter sequences with their weight per occurrence. A space stands for a
    /// word boundary: `"ung "` matches only at the end of a word.
    package var sequences: [(text: String, weight: Double)]

    package init(code: String, functionWords: [String], sequences: [(String, Double)]) {
        self.code = code
        self.functionWords = Set(functionWords)
        self.sequences = sequences.map { (text: $0.0, weight: $0.1) }
    }
}
