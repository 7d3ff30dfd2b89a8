extension LatinLanguageProfile {
    /// The Latin-script languages the identifier tells apart.
    ///
    /// Function words come from grammar references (articles, pronouns, prepositions,
    /// conjunctions, auxiliaries, frequent adverbs). Sequence weights are about 1 for a letter
    /// or ending that almost only this language uses, and 0.1-0.4 for ones shared with a
    /// neighbour but more frequent here.
    package static let catalog: [LatinLanguageProfile] = [english, spanish, portuguese, italian, french, german, dutch, turkish, vietnamese]

    static let english = LatinLanguageProfile(
        code: "en",
        functionWords: [
            "the", "and", "is", "are", "was", "were", "of", "to", "in", "that", "it", "for", "on",
            "with", "as", "this", "by", "be", "have", "has", "had", "not", "but", "or", "from", "at",
            "they", "we", "you", "he", "she", "his", "her", "their", "will", "would", "can", "could",
            "should", "an", "a", "which", "what", "there", "been", "about", "into", "than", "more",
            "some", "all", "when", "after", "before", "our", "my", "your", "its", "who", "how",
            "why", "very", "just", "also", "do", "does", "did", "i", "me", "if", "so", "because",
            "while", "through", "these", "those", "them", "him", "us", "any", "every", "many",
            "much", "most", "other", "only", "still", "then", "now", "here", "where", "over",
            "under", "between", "during", "without", "again", "never", "always", "often", "each",
            "both", "few", "such", "own", "same", "too", "off", "out", "up", "down", "may",
            "might", "must", "shall", "being", "get", "got", "make", "made", "like", "one",
            "don'", "it'", "i'", "can'", "didn'", "doesn'", "isn'", "won'", "that'", "let'",
            "what'", "you'", "we'", "they'", "he'", "she'", "there'", "wasn'", "aren'", "today",
            "yesterday", "tomorrow", "please", "new", "first", "last", "next", "well", "even",
        ],
        sequences: [
            (" th", 0.3), ("ing ", 0.5), ("ght", 0.6), (" wh", 0.4), ("ould ", 0.6), ("ly ", 0.3),
            ("ness ", 0.6), ("'s ", 0.3), ("w", 0.1), ("y ", 0.1), ("ee", 0.1), ("oo", 0.1),
            ("ou", 0.05), ("sh", 0.2), ("ck", 0.1), ("ful ", 0.5), ("ship ", 0.5), ("ed ", 0.2),
            ("ay", 0.2), ("ea", 0.2),
        ]
    )

    static let spanish = LatinLanguageProfile(
        code: "es",
        functionWords: [
            "el", "la", "los", "las", "un", "una", "unos", "unas", "del", "al", "de", "que", "en",
            "y", "o", "es", "son", "fue", "era", "está", "están", "estaba", "por", "para", "con",
            "sin", "sobre", "entre", "como", "pero", "más", "muy", "este", "esta", "estos",
            "estas", "ese", "esa", "hay", "lo", "le", "les", "se", "su", "sus", "también",
            "cuando", "donde", "dónde", "qué", "cómo", "ya", "todo", "todos", "hace", "tiene",
            "tienen", "puede", "pueden", "nos", "mi", "mis", "yo", "tú", "tu", "él", "ella",
            "ellos", "nosotros", "usted", "hoy", "ayer", "mañana", "no", "sí", "ha", "han", "he",
            "hemos", "porque", "aunque", "desde", "hasta", "siempre", "nunca", "mucho", "mucha",
            "muchos", "poco", "otro", "otra", "cada", "después", "antes", "ahora", "aquí", "allí",
            "bien", "ser", "estar", "eso", "esto", "algo", "nada", "quién", "cual", "cuál",
            "según", "durante", "mientras", "tan", "tanto", "hacer", "va", "vamos", "voy",
        ],
        sequences: [
            ("ñ", 1.2), ("¿", 1.5), ("¡", 1.5), ("ción ", 0.8), ("ciones ", 0.8), ("dad ", 0.6),
            ("ll", 0.3), ("ue", 0.2), ("ó", 0.2), ("í", 0.15), ("á", 0.15), ("aba ", 0.5),
            ("aban ", 0.6), ("ía ", 0.3), ("ero ", 0.2), ("os ", 0.15), ("ando ", 0.2),
            ("mente ", 0.15), ("ido ", 0.15), ("ado ", 0.15), ("ar ", 0.15), ("er ", 0.05),
            ("ir ", 0.1), ("iendo ", 0.5), ("emos ", 0.3), ("z ", 0.2), ("j", 0.15), ("ez ", 0.3),
        ]
    )

    static let portuguese = LatinLanguageProfile(
        code: "pt",
        functionWords: [
            "o", "a", "os", "as", "um", "uma", "uns", "umas", "do", "da", "dos", "das", "de",
            "que", "em", "no", "na", "nos", "nas", "e", "é", "são", "foi", "era", "está", "estão",
            "estava", "por", "pelo", "pela", "para", "com", "sem", "sobre", "entre", "como",
            "mas", "mais", "muito", "muita", "este", "esta", "esse", "essa", "isso", "isto", "há",
            "se", "seu", "sua", "seus", "suas", "ao", "aos", "à", "também", "quando", "onde",
            "já", "tudo", "todos", "faz", "tem", "têm", "pode", "podem", "não", "eu", "você",
            "vocês", "ele", "ela", "eles", "elas", "nós", "hoje", "ontem", "amanhã", "sim",
            "porque", "então", "ainda", "depois", "antes", "agora", "aqui", "ali", "bem", "ser",
            "estar", "algo", "nada", "quem", "qual", "num", "numa", "pra", "meu", "minha",
            "nosso", "nossa", "lhe", "foram", "tinha", "vai", "vou", "fazer", "cada", "outro",
            "outra", "sempre", "nunca", "até", "desde", "durante", "enquanto", "tão",
        ],
        sequences: [
            ("ã", 1.0), ("õ", 1.0), ("ç", 0.3), ("ção ", 1.0), ("ções ", 1.0), ("nh", 0.5),
            ("lh", 0.6), ("ê", 0.3), ("ô", 0.3), ("â", 0.3), ("ão ", 1.0), ("em ", 0.25),
            ("amos ", 0.15), ("eu ", 0.1), ("ou ", 0.15), ("inho", 0.5), ("ei ", 0.2), ("ura ", 0.1),
            ("dade ", 0.5), ("mente ", 0.1), ("ando ", 0.15), ("ado ", 0.15), ("ar ", 0.15),
            ("os ", 0.15), ("vel ", 0.4), ("ável", 0.4), ("ência", 0.4), ("ância", 0.4),
        ]
    )

    static let italian = LatinLanguageProfile(
        code: "it",
        functionWords: [
            "il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "di", "del", "dello", "della",
            "dei", "degli", "delle", "che", "in", "nel", "nello", "nella", "nei", "negli",
            "nelle", "è", "e", "ed", "sono", "era", "erano", "per", "con", "come", "ma", "più",
            "molto", "molta", "questo", "questa", "questi", "queste", "quello", "quella", "si",
            "suo", "sua", "suoi", "al", "allo", "alla", "ai", "agli", "alle", "dal", "dalla",
            "anche", "quando", "dove", "senza", "su", "sul", "sulla", "tra", "fra", "già",
            "tutto", "tutti", "fa", "ha", "hanno", "ho", "può", "non", "io", "tu", "lui", "lei",
            "noi", "voi", "loro", "oggi", "ieri", "domani", "ci", "perché", "ancora", "poi",
            "dopo", "prima", "adesso", "ora", "qui", "qua", "bene", "essere", "stato", "stata",
            "qualcosa", "niente", "chi", "cosa", "quale", "mio", "mia", "nostro", "nostra",
            "sempre", "mai", "ogni", "altro", "altra", "fino", "durante", "mentre", "così",
            "dell'", "all'", "nell'", "sull'", "dall'", "un'", "quest'", "c'", "l'", "d'", "po'",
            "abbiamo", "siamo", "sei", "molti", "tanto", "però", "quindi", "dei",
        ],
        sequences: [
            ("zione ", 0.8), ("zioni ", 0.8), ("gli", 0.4), ("cch", 0.6), ("zz", 0.6),
            ("tt", 0.2), ("ò", 0.6), ("ù", 0.4), ("ì", 0.6), ("è", 0.2), ("ci ", 0.2),
            ("chi", 0.3), ("ggi", 0.6), ("uo", 0.4), ("ato ", 0.2), ("ata ", 0.2), ("ento ", 0.2),
            ("ano ", 0.2), ("are ", 0.3), ("ere ", 0.3), ("ire ", 0.2), ("i ", 0.1), ("e ", 0.05),
            ("o ", 0.05), ("sc", 0.1), ("gn", 0.2), ("issimo", 0.8), ("mente ", 0.15),
            ("ità ", 0.8), ("tà ", 0.4), ("ccia", 0.3), ("ggio", 0.5),
        ]
    )

    static let french = LatinLanguageProfile(
        code: "fr",
        functionWords: [
            "le", "la", "les", "un", "une", "des", "du", "de", "et", "est", "sont", "était",
            "à", "au", "aux", "ce", "cette", "ces", "cet", "qui", "que", "quoi", "dans", "pour",
            "avec", "sans", "sur", "sous", "entre", "par", "pas", "ne", "plus", "très", "mais",
            "ou", "où", "il", "elle", "ils", "elles", "on", "nous", "vous", "je", "tu", "me",
            "te", "se", "lui", "leur", "leurs", "son", "sa", "ses", "mon", "ma", "mes", "ton",
            "notre", "nos", "votre", "vos", "aussi", "quand", "comme", "tout", "tous", "toute",
            "toutes", "fait", "faire", "avoir", "être", "été", "a", "ont", "avait", "peut",
            "aujourd'", "hier", "demain", "oui", "non", "parce", "alors", "encore", "après",
            "avant", "maintenant", "ici", "bien", "rien", "quelque", "chose", "chaque", "autre",
            "toujours", "jamais", "depuis", "pendant", "déjà", "si", "y", "en", "leur",
            "l'", "d'", "qu'", "j'", "n'", "c'", "s'", "m'", "t'", "jusqu'", "lorsqu'", "puisqu'",
            "sommes", "êtes", "suis", "es", "avons", "avez", "chez", "vers", "donc", "beaucoup",
        ],
        sequences: [
            ("eau", 0.8), ("aux ", 0.6), ("ç", 0.3), ("è", 0.3), ("ê", 0.4), ("œ", 1.0),
            ("à", 0.2), ("ï", 0.5), ("û", 0.6), ("ô", 0.3), ("â", 0.3), ("ent ", 0.2),
            ("ez ", 0.5), ("oi", 0.4), ("ou", 0.2), ("qu", 0.15), ("ais ", 0.5), ("ait ", 0.6),
            ("eux ", 0.8), ("ée", 0.6), ("é", 0.2), ("tion ", 0.2), ("ment ", 0.2),
            ("ille", 0.3), ("eur ", 0.4), ("ons ", 0.3), ("ient ", 0.5), ("aient ", 0.8),
            ("ère", 0.4), ("ées ", 0.6), ("es ", 0.1), ("ai", 0.15), ("au", 0.15),
        ]
    )

    static let german = LatinLanguageProfile(
        code: "de",
        functionWords: [
            "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer",
            "eines", "und", "ist", "sind", "war", "waren", "nicht", "mit", "auf", "für", "ich",
            "sie", "wir", "ihr", "er", "es", "zu", "zum", "zur", "von", "vom", "im", "ins", "am",
            "an", "auch", "sich", "werden", "wird", "wurde", "hat", "haben", "hatte", "bei",
            "nach", "aus", "wie", "oder", "aber", "noch", "nur", "schon", "sehr", "dass", "wenn",
            "weil", "als", "man", "kein", "keine", "mein", "meine", "dein", "sein", "seine",
            "unser", "unsere", "euer", "dieser", "diese", "dieses", "jetzt", "heute", "gestern",
            "morgen", "hier", "dort", "immer", "nie", "viel", "viele", "mehr", "ohne", "über",
            "unter", "zwischen", "durch", "gegen", "um", "bis", "seit", "während", "etwas",
            "nichts", "wer", "was", "wo", "warum", "kann", "können", "muss", "müssen", "soll",
            "will", "mich", "mir", "dich", "dir", "uns", "ihn", "ihm", "ihnen", "denn", "doch",
            "ja", "nein", "also", "dann", "damit", "gibt", "bitte", "ganz", "wieder", "alle",
        ],
        sequences: [
            ("ß", 1.5), ("ä", 0.8), ("ö", 0.4), ("ü", 0.4), ("sch", 0.3), ("ch", 0.15),
            ("ung ", 0.8), ("ungen ", 0.8), ("ei", 0.2), ("ie", 0.2), ("tz", 0.6), ("cht", 0.15),
            ("keit ", 1.0), ("heit ", 1.0), ("lich ", 0.8), ("en ", 0.1), ("ck", 0.15),
            ("pf", 0.5), ("chen ", 0.4), ("z", 0.1), ("w", 0.1), ("st", 0.1), ("ern ", 0.3),
            ("eit", 0.2), ("gen ", 0.1), ("ischen ", 0.6), ("ige ", 0.4), ("rn ", 0.2), ("au", 0.1),
        ]
    )

    static let dutch = LatinLanguageProfile(
        code: "nl",
        functionWords: [
            "de", "het", "een", "en", "is", "zijn", "was", "waren", "van", "niet", "dat", "op",
            "met", "voor", "ik", "we", "wij", "je", "jij", "ze", "zij", "hij", "er", "maar",
            "ook", "als", "bij", "naar", "uit", "om", "te", "aan", "nog", "wel", "geen", "heeft",
            "hebben", "had", "werd", "wordt", "worden", "dit", "deze", "die", "zo", "veel",
            "heel", "door", "over", "onze", "ons", "mijn", "jouw", "uw", "hun", "haar", "hem",
            "mij", "me", "zich", "kan", "kunnen", "moet", "moeten", "zal", "zullen", "wil",
            "willen", "wat", "wie", "waar", "waarom", "hoe", "wanneer", "omdat", "dan", "nu",
            "hier", "daar", "altijd", "nooit", "vandaag", "gisteren", "morgen", "iets", "niets",
            "al", "alle", "tot", "sinds", "tijdens", "zonder", "onder", "tussen", "tegen", "of",
            "want", "dus", "toch", "even", "graag", "erg", "meer", "elke", "ieder", "mee",
            "af", "bent", "ben", "hebt", "heb", "u", "jullie", "zeer", "ja", "nee",
        ],
        sequences: [
            ("ij", 0.8), ("aa", 0.6), ("oo", 0.3), ("ee", 0.3), ("uu", 0.8), ("oe", 0.5),
            ("ui", 0.3), ("sch", 0.2), ("cht", 0.3), ("lijk", 1.0), ("tje ", 1.0), ("en ", 0.1),
            ("ieuw", 0.8), ("ouw", 0.6), ("eid ", 0.8), ("ë", 0.5), ("ge", 0.1), ("v", 0.1),
            ("z", 0.05), ("kk", 0.4), ("ng ", 0.05), ("heid ", 1.0), ("ijk", 0.4), ("ijn", 0.4),
            ("oud", 0.3), ("eren ", 0.3), ("elen ", 0.3), ("tj", 0.6), ("sj", 0.3),
        ]
    )

    static let turkish = LatinLanguageProfile(
        code: "tr",
        functionWords: [
            "ve", "bir", "bu", "şu", "da", "de", "için", "ile", "çok", "ne", "var", "yok",
            "olarak", "daha", "gibi", "ama", "fakat", "ancak", "her", "şey", "ben", "sen", "o",
            "biz", "siz", "onlar", "mi", "mı", "mu", "mü", "değil", "kadar", "sonra", "önce",
            "şimdi", "bugün", "dün", "yarın", "çünkü", "ki", "olan", "oldu", "olduğu", "en",
            "hem", "ya", "veya", "hiç", "bile", "artık", "hep", "bazı", "tüm", "bütün", "nasıl",
            "neden", "nerede", "kim", "hangi", "benim", "senin", "onun", "bizim", "sizin",
            "onların", "bana", "sana", "ona", "bize", "size", "beni", "seni", "onu", "burada",
            "orada", "şöyle", "böyle", "iyi", "yeni", "büyük", "küçük", "evet", "hayır", "lütfen",
            "ise", "diye", "ayrıca", "göre", "karşı", "kendi", "olmak", "etmek", "yapmak",
        ],
        sequences: [
            ("ğ", 1.5), ("ş", 1.0), ("ı", 1.5), ("i̇", 1.0), ("ç", 0.3), ("ö", 0.3), ("ü", 0.3),
            ("ler ", 0.8), ("lar ", 0.8), ("leri", 0.6), ("ları", 1.0), ("dır", 1.0), ("dir ", 0.4),
            ("yor", 0.8), ("iyor", 0.5), ("mak ", 0.6), ("mek ", 0.6), ("lık", 1.0), ("lik ", 0.6),
            ("sı", 0.5), ("nın", 1.0), ("nin ", 0.5), ("den ", 0.2), ("dan ", 0.3), ("k ", 0.1),
            ("y", 0.05), ("ecek", 0.8), ("acak", 0.8), ("miş", 1.0), ("mış", 1.0), ("rı", 0.5),
            ("lerin", 0.8), ("ini ", 0.4), ("ine ", 0.3), ("inde ", 0.6), ("ında", 1.0),
        ]
    )

    static let vietnamese = LatinLanguageProfile(
        code: "vi",
        functionWords: [
            "và", "của", "là", "có", "không", "những", "các", "một", "được", "cho", "người",
            "này", "trong", "với", "đã", "sẽ", "đang", "tôi", "bạn", "chúng", "rất", "cũng",
            "khi", "để", "từ", "như", "nhưng", "ở", "ra", "vào", "lại", "đi", "năm", "ngày",
            "anh", "chị", "em", "ông", "bà", "họ", "mình", "nào", "gì", "sao", "thì", "mà", "vì",
            "nên", "hay", "hoặc", "nhiều", "ít", "hơn", "nhất", "đến", "về", "theo", "trên",
            "dưới", "sau", "trước", "nay", "hôm", "mai", "đây", "đó", "kia", "ai", "bao",
            "phải", "muốn", "cần", "biết", "làm", "nói", "thể", "việc", "chỉ", "còn", "đều",
        ],
        sequences: [
            ("đ", 1.5), ("ơ", 1.0), ("ư", 1.0), ("ă", 1.0), ("ng ", 0.3), ("nh ", 0.4),
            ("ch ", 0.2), ("uy", 0.2), ("ươ", 1.0), ("iê", 0.8), ("uô", 0.8), ("ngh", 0.8),
        ]
    )
}
