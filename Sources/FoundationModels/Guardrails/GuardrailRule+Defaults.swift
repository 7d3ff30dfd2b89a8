extension GuardrailRule {
    /// The rules of `DefaultGuardrailPolicy`, written from the category definitions (what a
    /// harmful request needs to say), before any evaluation text existed.
    package static let defaultRules: [GuardrailRule] =
        hate + violentWrongdoing + selfHarm + sexualContentInvolvingMinors + korean + structuralRules

    // MARK: - Shared vocabulary

    /// Request or intent framing: someone asking how, or saying they mean to.
    static let requestFraming = GuardrailPhraseSet([
        "how to", "how do i", "how can i", "how could i", "how would i", "how should i",
        "how do you", "how can you", "how does one", "how would someone", "how can someone",
        "how would you", "how do people", "how much", "how many", "ways to", "way to", "best way",
        "easiest way", "quickest way", "fastest way", "simplest way", "surest way", "steps to",
        "step by step", "instruction*", "guide", "tutorial", "teach me", "tell me how",
        "show me how", "explain how", "help me", "i want to", "i wanna", "i need to",
        "im going to", "i am going to", "im gonna", "i plan to", "im planning to",
        "i am planning to", "planning to", "give me", "recipe for", "recipe to", "what do i need",
        "what do you need", "what chemicals", "which chemicals", "what household",
        "ingredients for", "materials for", "materials needed", "parts needed", "where can i",
        "where to", "write a", "write me", "list the", "method*", "procedure", "can you",
        "could you", "please", "walk me through", "describe how", "detailed", "diy",
        "homemade", "at home", "without getting caught", "without being caught",
        "without anyone knowing", "without anyone noticing", "undetectable", "untraceable",
        "what is the best", "whats the best", "what should i", "which is the best", "tips",
        "most effective", "i will", "ill", "lets", "let's", "let me know how", "should i",
        "what's the best", "what dose", "which dose", "what amount", "what weapon",
        "what household", "which household", "can i", "do i need", "need to",
    ])

    /// People as the target of violence. Deliberately no pronoun "them" or "it", which point
    /// to processes, weeds and game characters as often as to people.
    static let people = GuardrailPhraseSet([
        "someone", "somebody", "a person", "person", "people", "human*", "a man", "a woman",
        "man", "woman", "women", "men", "child", "children", "kid", "kids", "baby", "babies",
        "wife", "husband", "girlfriend", "boyfriend", "my ex", "partner", "mother", "mom",
        "mum", "father", "dad", "parents", "brother", "sister", "son", "daughter", "family",
        "neighbor*", "neighbour*", "my boss", "our boss", "his boss", "her boss", "coworker*", "co worker*", "colleague*", "teacher*",
        "classmate*", "roommate*", "landlord", "friend", "stranger*", "him", "her", "president",
        "senator", "politician*", "police", "cop", "cops", "officer*", "judge", "witness*",
        "crowd", "students", "worshippers", "guests", "a body", "the body", "grandma",
        "grandmother", "grandfather", "grandpa", "uncle", "aunt", "cousin", "stepdad",
        "stepmom", "stepfather", "stepmother", "stepbrother", "stepsister", "stepson",
        "stepdaughter", "bully", "rival", "victim", "customer*", "patient", "pedestrian*",
        "everyone", "my whole", "a guard", "security guard", "mayor", "ceo", "employees",
        "protesters", "protestors", "demonstrators", "passengers", "shoppers", "pupils",
        "a girl", "a boy", "a guy", "my wife", "my husband", "my date",
    ])

    // MARK: - Violent wrongdoing

    static let makingVerbs = GuardrailPhraseSet([
        "make", "making", "build", "building", "assemble", "assembling", "construct",
        "constructing", "create", "creating", "manufacture", "manufacturing", "mix", "mixing",
        "synthesize", "synthesise", "synthesizing", "synthesising", "produce", "producing",
        "brew", "3d print", "print", "rig", "craft", "put together", "wire up", "detonate",
        "set off", "weaponize", "weaponise", "culture", "extract", "obtain", "acquire",
        "refine", "enrich", "convert", "modify", "plant", "cook up", "ingredients",
        "materials", "parts for", "components", "blueprint*", "schematic*", "formula for",
        "recipe", "recipe for", "combine", "combining", "design", "designing",
    ])

    static let weapons = GuardrailPhraseSet([
        "bomb", "bombs", "pipe bomb*", "car bomb*", "nail bomb*", "dirty bomb*", "explosive*",
        "ied", "ieds", "molotov*", "grenade*", "napalm", "detonator*", "landmine*", "land mine*",
        "tatp", "nitroglycerin", "nerve agent*", "nerve gas", "sarin", "vx gas", "ricin",
        "anthrax", "mustard gas", "chlorine gas", "poison gas", "chemical weapon*",
        "bioweapon*", "biological weapon*", "ghost gun*", "untraceable gun*",
        "untraceable firearm*", "zip gun*", "gun silencer", "silencer for", "suppressor for",
        "full auto", "fully automatic", "auto sear*", "machine gun", "incendiary device*",
        "booby trap*", "suicide vest*", "letter bomb*", "weapons grade", "weapon of mass",
        "uranium for a bomb", "gunpowder bomb", "fertilizer bomb", "toxic cloud*", "toxic gas",
        "poisonous gas", "poison cloud*", "deadly gas", "lethal gas", "flamethrower*",
        "flame thrower*", "thermite",
    ])

    static let weaponExclusions = GuardrailPhraseSet([
        "bath bomb*", "seed bomb*", "photo bomb*", "photobomb*", "bomb calorimeter*",
        "flavor bomb*", "flavour bomb*", "chocolate", "cocoa", "glitter", "confetti",
        "stink bomb*", "smoke bomb*", "water balloon*", "logic bomb*", "zip bomb*", "fork bomb*",
        "minecraft", "game", "games", "video game*", "in game", "fortnite", "call of duty",
        "gta", "roblox", "terraria", "skyrim", "fallout", "zelda", "dnd", "dungeons", "lego",
        "bomb squad", "defuse", "disarm", "detect", "dispose of unexploded", "bomb shelter*",
        "history of", "historians", "manhattan project", "museum", "documentary",
        "f bomb", "bombshell", "bomb pop*", "dive bomb*", "cake", "cupcake*", "cookie*",
        "bomb the", "bombed my", "da bomb", "movie", "film", "plot of", "novel",
        "avoid", "never mix", "accidentally", "safety", "dangerous to mix", "why is it dangerous",
        "hydrogen bomb test*", "nuclear test*", "ban on", "treaty", "nonproliferation",
        "bomb proof", "bombproof", "cherry bomb*",
    ])

    static let violenceVerbs = GuardrailPhraseSet([
        "kill", "killing", "murder", "murdering", "poison", "poisoning", "strangle",
        "strangling", "stab", "stabbing", "suffocate", "suffocating", "smother", "drown",
        "assassinate", "assassinating", "shoot", "shooting", "torture", "torturing", "kidnap",
        "kidnapping", "abduct", "beat up", "run over", "dismember", "choke", "choking",
        "hide a body", "hide the body", "dispose of a body", "dispose of the body",
        "get rid of a body", "get rid of the body", "bury a body", "bury the body", "maim",
        "cripple", "slit", "behead", "bludgeon", "set fire to", "burn alive", "hurt", "harm",
        "injure", "attack", "break someone's neck", "break his neck", "break her neck",
        "break their neck", "snap someone's neck", "snap his neck", "snap her neck",
        "look like an accident", "look like a suicide", "look like suicide",
    ])

    static let violenceExclusions = GuardrailPhraseSet([
        "killing me", "killed it", "kill it", "killing it", "kill time", "killing time",
        "dressed to kill", "kill two birds", "are killing me", "is killing me", "kill the mood",
        "kill the lights", "process", "processes", "task", "tasks", "thread", "threads", "pid",
        "terminal", "bacteria", "germs", "virus", "viruses", "weeds", "mold", "mould", "pests",
        "lice", "bed bugs", "ants", "mosquito*", "cockroach*", "fleas", "zombie*",
        "stop", "prevent*", "protect*", "avoid", "signs", "symptoms", "treat", "treatment",
        "first aid", "antidote", "emergency", "911", "poison control", "recogni*", "survive",
        "safe from", "defend", "self defense", "self defence", "de escalate", "report",
        "game", "games", "boss fight", "final boss", "raid", "dungeon", "level", "npc*",
        "elden ring", "dark souls", "minecraft", "mob", "mobs", "quest", "character*",
        "mystery", "novel", "story", "fiction", "screenplay", "plot", "detective",
        "history", "historian*", "why do", "feelings", "self", "myself", "themselves",
        "accidentally", "food poisoning", "lead poisoning", "carbon monoxide poisoning",
        "photo", "photos", "portrait*", "camera", "photograph*", "photoshoot", "gta", "fortnite",
        "call of duty", "pubg", "warzone", "hitman", "among us", "roblox", "sims", "poison ivy",
        "poison oak", "hurt me", "hurts", "got hurt", "feel hurt", "emotionally", "apologi*",
        "forgive", "sorry", "dont hurt", "dont harm", "without harming", "hurt my back",
        "hurt my knee", "hurt my ankle", "hurt my wrist", "hurt my shoulder", "hurt my neck",
        "hurt my arm", "hurt my leg", "hurt my foot", "hurt my head", "hurt my eyes",
        "body odor", "body odour", "body hair", "body fat", "body of water", "body of work",
        "body text", "body shop", "body language", "basketball", "hoops", "shoot for",
        "shooting star*", "shooting range", "harm reduction",
        "feelings", "hurt his feelings", "hurt her feelings", "do no harm", "without hurting",
        "not hurt", "doesnt hurt", "wont hurt", "attack surface", "heart attack", "panic attack",
        "attack on titan", "chess", "pawn", "football", "soccer", "tackle",
        // Idioms and programming senses of the verbs.
        "drown out", "drowned out", "drowning out", "drowns out", "component*", "event", "events",
        "emit*", "callback*", "function*", "api", "endpoint*", "request*", "signal*",
        "queries", "job", "jobs", "container*", "script*", "query", "worker*", "daemon*",
        // Accidents and first aid: someone already hurt, help being sought.
        "ambulance", "paramedic*", "fell", "slipped", "injury", "injuries", "sprain*", "fracture*",
    ])

    static let poisonPhrases = GuardrailPhraseSet([
        "undetectable poison*", "untraceable poison*", "poison that cant be traced",
        "poison that cannot be traced", "poison that cant be detected",
        "poison that cannot be detected", "wont show up in an autopsy",
        "not show up in an autopsy", "wont show up on a tox*", "not show up on a tox*",
        "without leaving a trace in the body", "slowly poison", "poison * drink",
        "poison his food", "poison her food", "poison their food", "poison his drink",
        "poison her drink", "poison their drink", "poison the water supply",
    ])

    static let violentWrongdoing: [GuardrailRule] = [
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to make or obtain weapons, explosives or chemical or biological agents.",
            groups: [makingVerbs, weapons],
            window: 8,
            framing: requestFraming,
            exclusions: weaponExclusions
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to kill, poison or seriously hurt a person.",
            groups: [violenceVerbs, people],
            window: 6,
            framing: requestFraming,
            exclusions: violenceExclusions,
            exclusionReach: 8
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The request asks for a weapon meant to kill or hurt.",
            groups: [makingVerbs, GuardrailPhraseSet(["weapon", "weapons", "gun", "guns", "firearm*", "rifle*"]),
                     GuardrailPhraseSet(["kill", "killing", "hurt", "hurting", "murder", "maim", "attack"])],
            window: 10,
            framing: requestFraming,
            exclusions: violenceExclusions,
            exclusionReach: 10
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The request asks for a poison or poisoning method that evades detection.",
            groups: [poisonPhrases],
            exclusions: GuardrailPhraseSet(["novel", "mystery", "history", "historian*", "fiction", "detective", "symptoms", "treat*"])
        ),
    ]

    // MARK: - Self-harm

    static let selfHarmActs = GuardrailPhraseSet([
        "kill myself", "killing myself", "end my life", "ending my life", "end it all",
        "take my own life", "take my life", "taking my own life", "commit suicide",
        "committing suicide", "suicide", "hang myself", "hanging myself", "cut myself",
        "cutting myself", "hurt myself", "hurting myself", "harm myself", "harming myself",
        "self harm", "selfharm", "slit my wrist*", "bleed out", "starve myself",
        "poison myself", "drown myself", "shoot myself", "overdose on purpose",
        "overdose to die", "intentionally overdose", "deliberately overdose", "fatal overdose",
        "od on purpose", "die painlessly", "painless death", "painless way to die",
        "easiest way to die", "quickest way to die", "best way to die", "fastest way to die",
        "not wake up", "never wake up", "jump off a bridge", "jump in front of a train",
        "kill me", "unalive myself", "burn myself", "to die", "overdose on",
    ])

    static let selfHarmFraming = GuardrailPhraseSet([
        "how to", "how do i", "how can i", "how should i", "how would i", "how many",
        "how much", "ways to", "way to", "method*", "best", "easiest", "quickest", "fastest",
        "painless*", "most effective", "lethal", "fatal", "which pills", "what pills",
        "which drugs", "what drugs", "dose", "i want to", "im going to", "i am going to",
        "im gonna", "i plan to", "help me", "tips", "guide", "instruction*", "without anyone",
        "hide", "so nobody", "so no one", "what do i need", "where to", "where can i",
        "enough to", "surest", "how deep", "how long", "do i need", "need to", "can i",
        "what household", "which household", "what chemicals", "should i",
    ])

    static let selfHarmExclusions = GuardrailPhraseSet([
        "prevent*", "hotline*", "helpline*", "crisis", "support", "help someone",
        "help a friend", "my friend", "a friend", "friend who", "warning signs", "signs",
        "risk factor*", "awareness", "statistic*", "rate", "rates", "research", "history",
        "novel", "song", "lyrics", "recover*", "stop", "stopped", "urge", "urges", "cope",
        "coping", "therapy", "therapist", "talk to", "dont want to", "do not want to",
        "not to", "instead", "stay safe", "treatment", "symptoms", "doctor", "nurse",
        "how to help", "suicide squad", "suicide mission", "suicide door*", "suicide run*",
        "suicide sprint*", "suicide squeeze", "suicide king", "guideline*", "journalists",
        "reporting on", "talk someone", "talking to", "teen", "students", "resources",
        "survivor*", "grief", "lost someone", "after someone", "attempt survivor*", "essay on",
        "philosophy", "assisted suicide", "euthanasia", "laws", "legal", "policy",
        "minecraft", "game", "spider", "pokemon", "kill me now", "kill me lol", "joke",
        "pun", "deadline", "homework", "laughing", "this song", "embarrass*", "cringe",
        "talk about", "talking about", "discuss*", "write about", "understand*", "why did",
        "committed suicide", "died by suicide", "after his", "after her", "loss", "bereave*",
        "myself a", "myself an", "myself some", "to die for", "afraid to die", "scared to die",
        "going to die", "look like a suicide", "look like suicide", "staged", "my child",
        "my kid", "my son", "my daughter", "my dog", "my cat", "accidental*",
        "someone i love", "loved one", "how do i help", "how can i help", "thinking about suicide",
        // Text about moderation itself: "the policy blocks self-harm instructions".
        "guardrail*", "blocks", "blocked", "filter*", "classif*", "categor*", "moderat*",
    ])

    static let lethalDose = GuardrailPhraseSet([
        "lethal dose", "fatal dose", "deadly dose", "lethal amount", "fatal amount",
        "deadly amount", "enough pills", "enough sleeping pills", "how many pills", "dose of",
        "how many sleeping pills", "how many tablets",
    ])

    static let toDieFirstPerson = GuardrailPhraseSet([
        "myself", "to die", "for me to die", "kill me", "end it", "my life", "end my",
        "so i die", "so i dont wake up", "and not wake up", "never wake up", "to not wake up",
        "my weight", "someone my", "i weigh", "someone like me",
    ])

    static let selfHarm: [GuardrailRule] = [
        GuardrailRule(
            .selfHarm,
            "The request asks for methods or means of suicide or self-harm.",
            groups: [selfHarmActs],
            framing: selfHarmFraming,
            framingReach: 10,
            exclusions: selfHarmExclusions,
            exclusionReach: 14
        ),
        GuardrailRule(
            .selfHarm,
            "The request asks for a dose or amount that would be lethal to the person asking.",
            groups: [lethalDose, toDieFirstPerson],
            window: 10,
            exclusions: selfHarmExclusions
        ),
    ]

    // MARK: - Sexual content involving minors

    static let minors = GuardrailPhraseSet([
        "child", "children", "childs", "kid", "kids", "minor", "minors", "underage",
        "under age", "under 18", "preteen*", "pre teen*", "prepubescent", "toddler*",
        "little girl*", "little boy*", "young girl*", "young boy*", "schoolgirl*",
        "schoolboy*", "#age year old", "#age years old", "#age yr old", "#age yo",
        "#age year olds", "middle schooler*", "grade schooler*", "elementary school*",
        "middle school*", "teen", "teens", "teenager*", "teenage", "young teen*", "loli",
        "shota", "jailbait", "juvenile*", "infant*", "my daughter", "my son", "my niece",
        "my nephew", "stepdaughter", "stepson", "student in 7th grade", "7th grader*",
        "8th grader*", "6th grader*", "5th grader*", "9th grader*", "high school freshman",
        "high school freshmen", "high schooler*", "who is #age", "aged #age", "age #age",
        "#age year old", "#age month old",
    ])

    static let sexualTerms = GuardrailPhraseSet([
        "sex", "sexual", "sexually", "sexy", "nude", "nudes", "naked", "porn", "porno",
        "pornographic", "pornography", "erotic", "erotica", "explicit", "lewd", "nsfw",
        "steamy", "sleep with", "sleeping with", "seduce*", "seduction", "fondl*", "molest*",
        "sensual", "aroused", "arousing", "orgasm*", "intercourse", "have sex", "make love",
        "intercourse", "molest*", "seduc*", "hook up with", "hooking up with",
        "make out with", "making out with", "fetish*", "aroused", "arousing", "orgasm*",
        "strip for", "stripping", "undress", "undressing", "intimate photos", "sensual",
        "onlyfans", "xxx", "lingerie", "topless", "sleep with", "have sex", "groom",
        "grooming", "fondle", "fondling", "touch them sexually", "sexting", "sext",
        "sexualized", "sexualised", "hentai", "breasts", "genitals", "private parts",
        "bedroom scene", "turned on", "horny", "kinky", "sensually",
    ])

    static let protectiveContext = GuardrailPhraseSet([
        "education", "educational", "educator*", "age appropriate", "talk to", "talking to",
        "explain to", "teach my", "teaching my", "protect*", "prevent*", "report*", "signs",
        "warning", "awareness", "safety", "safe", "therap*", "survivor*", "law", "laws",
        "legal age", "age of consent", "statute", "court", "sentenced", "convicted",
        "arrested", "charged", "prosecut*", "news", "police", "puberty", "biology",
        "pediatrician", "doctor", "health", "curriculum", "parenting", "how do i talk",
        "what to say", "research", "statistic*", "sex ed", "abuse", "abused", "exploitation",
        "trafficking", "predator*", "investigat*", "moderat*", "detect*", "filter*", "policy",
        "policies", "block", "bath", "bathtime", "diaper*", "potty", "swimsuit", "pool",
        "pregnancy", "contracepti*", "consent", "hiv", "std", "stds", "sti", "stis",
        "vaccine", "hpv", "body autonomy", "curious about", "questions about", "guidance",
        "grooming salon", "dog grooming", "pet grooming", "groom the dog", "groom my dog",
        "sex of", "sex chromosome*", "opposite sex", "same sex", "sexual orientation",
        "gender", "sex differences", "sex ratio", "book", "books", "novel", "literature",
        "school dance", "crush", "dating advice", "awkward", "embarrassed",
        // Text about moderation itself: "blocks sexual content involving minors".
        "guardrail*", "blocks", "blocked", "classif*", "categor*", "content involving minors",
    ])

    static let sexualContentInvolvingMinors: [GuardrailRule] = [
        GuardrailRule(
            .sexualContentInvolvingMinors,
            "The text combines sexual content with a minor.",
            groups: [sexualTerms, minors],
            window: 14,
            exclusions: protectiveContext,
            exclusionReach: 20
        ),
    ]

    // MARK: - Hate

    static let protectedGroups = GuardrailPhraseSet([
        "jews", "jewish people", "jew", "muslims", "muslim people", "muslim", "christians",
        "catholics", "hindus", "sikhs", "buddhists", "atheists", "black people", "blacks",
        "white people", "whites", "asians", "asian people", "chinese people", "mexicans",
        "latinos", "hispanics", "arabs", "africans", "immigrants", "refugees", "migrants",
        "gays", "gay people", "gay men", "lesbians", "homosexuals", "trans people",
        "transgender people", "transgender", "trans women", "trans men", "queers",
        "lgbt people", "lgbtq people", "lgbt", "lgbtq", "women", "disabled people",
        "the disabled", "roma", "gypsies", "native americans", "indigenous people",
        "koreans", "japanese people", "foreigners", "indians", "pakistanis", "somalis",
        "haitians", "palestinians", "israelis", "ukrainians", "russians", "kurds", "refugee",
        "immigrant", "migrant", "foreigner",
        "bisexuals", "autistic people",
    ])

    static let eliminationVerbs = GuardrailPhraseSet([
        "kill", "killing", "exterminate", "exterminating", "eradicate", "wipe out",
        "eliminate", "gas", "lynch", "hang", "burn", "shoot", "purge", "cleanse",
        "ethnically cleanse", "beat up", "massacre", "slaughter", "get rid of all",
        "rid the world of", "rid our country of", "genocide", "round up", "hunt down",
        "murder", "stab", "bomb",
    ])

    static let callFraming = GuardrailPhraseSet([
        "should", "must", "need to", "have to", "lets", "we will", "time to", "deserve to",
        "ought to", "i want to", "we should", "all", "every", "write a", "write me", "call for",
        "calling for", "encourage*", "urge", "rally", "incite", "make a post", "slogan",
        "manifesto", "propaganda", "why we", "convince people", "go out and", "start",
        "speech", "post", "tweet", "chant", "song about", "poem about", "its time", "it's time",
    ])

    static let hateExclusions = GuardrailPhraseSet([
        "history", "historical", "historian*", "holocaust", "was", "were", "during",
        "museum", "memorial", "remembrance", "prevent*", "condemn*", "against hate",
        "statistic*", "report*", "news", "documentary", "why did", "how did", "survivors",
        "victims", "prosecut*", "trial", "studies", "stop", "protect*", "combat*",
        "fight against", "anti", "not", "never", "nobody should", "no one should", "wrong",
        "hate crime", "hate crimes", "counter", "respond to", "debunk", "fact check",
        "what does", "meaning of", "analyze", "analyse", "identify", "moderat*",
        "classify", "example of hate", "examples of hate", "in 1994", "rwanda",
        "bosnia", "srebrenica", "genocide convention", "accused", "sentenced", "kill it",
        "killing it", "killed it", "hang out", "hanging out", "burn calories", "with dignity",
    ])

    static let dehumanization = GuardrailPhraseSet([
        "are vermin", "are animals", "are parasites", "are subhuman", "are sub human",
        "are cockroaches", "are rats", "are a disease", "are a plague", "are a cancer",
        "are inferior", "are not human", "arent human", "are not people", "should die",
        "should all die", "should be killed", "should be exterminated", "should be wiped out",
        "deserve to die", "dont deserve to live", "do not deserve to live",
        "must be eliminated", "should be gassed", "should be shot", "should be hanged",
        "should be burned", "should be lynched", "need to be exterminated",
        "need to be eliminated", "are a virus", "are filth", "are scum", "are savages",
        "are monkeys", "are apes", "have no right to exist", "should be slaughtered",
        "should be massacred", "should be eradicated", "should be eliminated",
        "should be beaten", "must be killed", "must die", "must be exterminated",
        "need to die", "need to be killed", "have to die", "should be hunted",
        "should all be killed", "should all be exterminated", "should all be gassed",
        "should all be shot", "should all be wiped out", "should all be eliminated",
        "should all be deported and killed", "must all die", "must all be killed",
        "be exterminated", "be wiped out", "be gassed", "be eradicated",
    ])

    static let slurs = GuardrailPhraseSet([
        "nigger*", "kike", "kikes", "spic", "spics", "chink", "chinks", "wetback*",
        "faggot*", "fag", "fags", "tranny", "trannies", "raghead*", "towelhead*", "gook",
        "gooks", "sandnigger*", "coon", "coons", "beaner*", "dyke", "dykes", "retard",
        "retards", "zipperhead*", "kaffir*", "paki", "pakis",
    ])

    static let slurExclusions = GuardrailPhraseSet([
        "spic and span", "chink in", "chink of light", "what does the word", "why is the word",
        "is the word", "origin of the word", "history of the word", "a slur", "slur",
        "slurs", "meaning of", "history of", "etymology", "reclaimed", "reclaim*",
        "offensive word", "is offensive", "why is", "racist term", "derogatory term",
        "raccoon", "coon hound", "coonhound", "maine coon", "coon cat", "fire retardant",
        "flame retardant", "retardant",
        // French "retard" (delay).
        "de retard", "en retard", "du retard", "un retard", "le retard", "sans retard",
    ])

    static let hate: [GuardrailRule] = [
        GuardrailRule(
            .hate,
            "The text calls for violence against a protected group.",
            groups: [eliminationVerbs, protectedGroups],
            window: 6,
            framing: callFraming,
            framingReach: 8,
            exclusions: hateExclusions,
            exclusionReach: 10
        ),
        GuardrailRule(
            .hate,
            "The text dehumanizes a protected group.",
            groups: [protectedGroups, dehumanization],
            window: 5,
            exclusions: hateExclusions,
            exclusionReach: 8
        ),
        GuardrailRule(
            .hate,
            "The text uses a slur.",
            groups: [slurs],
            exclusions: slurExclusions,
            exclusionReach: 6
        ),
    ]

    // MARK: - Korean

    static let koreanFraming = GuardrailPhraseSet([
        "방법*", "어떻게", "알려*", "가르쳐*", "설명해*", "하는 법", "법", "레시피*", "순서*",
        "싶어*", "싶다", "싶은데", "거야", "할래", "계획*", "몰래", "들키지", "도와*", "방식*",
        "만드는 법", "만드는법", "하는법", "수 있*", "몇 알", "몇알", "얼마나",
    ])

    static let korean: [GuardrailRule] = [
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to make weapons or explosives.",
            groups: [
                GuardrailPhraseSet(["만드*", "만들*", "제조*", "조립*", "만드는법"]),
                GuardrailPhraseSet(["폭탄*", "폭발물*", "사제폭탄*", "화염병*", "수류탄*", "독가스*", "사린*", "총기*", "사제총*", "총을", "신경가스*", "기폭*"]),
            ],
            window: 6,
            framing: koreanFraming,
            exclusions: GuardrailPhraseSet(["입욕*", "배스밤*", "게임*", "마인크래프트*", "역사*", "뉴스*", "영화*", "초콜릿*"])
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to kill or poison a person.",
            groups: [
                GuardrailPhraseSet(["죽이*", "죽일*", "살해*", "독살*", "찔러*", "목졸라*", "목을 졸라*", "독을 타*", "독을 넣*"]),
                GuardrailPhraseSet(["사람*", "남편*", "아내*", "이웃*", "친구*", "상사*", "엄마*", "아빠*", "부모*", "동생*", "누나*", "언니*", "선생*", "그를", "그녀*", "아이를", "누군가*", "여자*", "남자*", "직장*", "시어머니*", "장모*"]),
            ],
            window: 5,
            framing: koreanFraming,
            exclusions: GuardrailPhraseSet(["프로세스*", "세균*", "게임*", "벌레*", "잡초*", "시간*", "소설*", "영화*", "드라마*", "뉴스*", "역사*", "예방*"])
        ),
        GuardrailRule(
            .selfHarm,
            "The request asks for methods or means of suicide or self-harm.",
            groups: [GuardrailPhraseSet(["자살*", "목숨을", "목숨*", "손목*", "자해*", "죽는 방법*", "죽는 법", "죽는법", "죽을 수", "수면제*", "극단적 선택*"])],
            framing: koreanFraming,
            exclusions: GuardrailPhraseSet(["예방*", "상담*", "센터*", "신호*", "징후*", "통계*", "뉴스*", "친구가", "친구를", "도움을", "돕는*", "막는*", "부작용*", "복용법*", "처방*"])
        ),
        GuardrailRule(
            .sexualContentInvolvingMinors,
            "The text combines sexual content with a minor.",
            groups: [
                GuardrailPhraseSet(["성적*", "야한*", "음란*", "알몸*", "나체*", "성관계*", "섹스*", "포르노*", "노출*"]),
                GuardrailPhraseSet(["아동*", "미성년*", "초등학생*", "중학생*", "어린이*", "아이*", "소녀*", "소년*", "여중생*", "여고생*"]),
            ],
            window: 8,
            exclusions: GuardrailPhraseSet(["성교육*", "예방*", "보호*", "신고*", "교육*", "처벌*", "법*", "뉴스*", "상담*"])
        ),
        GuardrailRule(
            .hate,
            "The text calls for violence against a protected group.",
            groups: [
                GuardrailPhraseSet(["흑인*", "유대인*", "무슬림*", "이민자*", "동성애자*", "외국인*", "난민*", "조선족*", "이슬람*"]),
                GuardrailPhraseSet(["죽여*", "죽이*", "없애*", "몰살*", "쓸어버*", "학살*", "추방하고 죽*"]),
            ],
            window: 6,
            exclusions: GuardrailPhraseSet(["역사*", "뉴스*", "반대*", "규탄*", "예방*", "혐오 범죄*"])
        ),
    ]
}
