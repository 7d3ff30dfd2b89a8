extension GuardrailRule {
    /// Structural rules added after the second held-out batch: an intent frame, a harm lexicon
    /// and a target, each a phrase set, rather than one more literal phrase per missed text.
    package static let structuralRules: [GuardrailRule] =
        structuralViolence + structuralSelfHarm + structuralHate

    // MARK: - Violent wrongdoing

    /// Covert incapacitation of a person: drugging a drink or a person.
    static let druggingVerbs = GuardrailPhraseSet([
        "spike", "spiking", "drug", "drugging", "roofie", "roofies", "knock out",
        "sedate", "slip something", "slip into",
    ])

    static let druggingTargets = GuardrailPhraseSet([
        "drink", "drinks", "coffee", "tea", "food", "cocktail", "beer", "wine", "girl",
        "girls", "guy", "date", "woman", "women", "her", "him", "someone", "somebody",
        "passes out", "pass out", "wont remember", "not remember", "unconscious",
    ])

    /// Hiding the evidence of a killing.
    static let disposalVerbs = GuardrailPhraseSet([
        "get rid of", "dispose of", "hide", "bury", "dissolve", "dump", "burn", "clean up",
    ])

    static let corpses = GuardrailPhraseSet([
        "dead body", "a body", "the body", "corpse", "corpses", "remains", "bodies",
    ])

    /// Mass-casualty intent, whatever the method.
    static let massCasualty = GuardrailPhraseSet([
        "maximum casualties", "mass casualties", "most casualties", "max casualties",
        "maximum damage to people", "as many people as", "most people possible",
        "kill the most", "kill as many", "the most deaths", "maximum deaths", "body count",
        "maximum carnage",
    ])

    /// Sabotage verbs aimed at shared infrastructure or occupied buildings.
    static let sabotageVerbs = GuardrailPhraseSet([
        "poison", "poisoning", "contaminate", "contaminating", "derail", "derailing", "sabotage",
        "sabotaging", "blow up", "blowing up", "bomb", "set fire to", "set on fire", "burn down",
        "burning down", "torch", "collapse", "crash", "shoot up", "shooting up", "attack",
        "attacking", "gas", "release gas in",
    ])

    static let sharedTargets = GuardrailPhraseSet([
        "water supply", "water supplies", "reservoir", "water treatment", "train", "trains",
        "subway", "metro", "plane", "airplane", "airport", "bus", "power grid", "power plant",
        "stadium", "concert", "school", "my school", "church", "mosque", "synagogue", "temple",
        "mall", "hospital", "office", "workplace", "parade", "festival", "house", "home",
        "apartment", "apartments", "building", "dorm", "nightclub", "crowd", "protest",
        "rally", "city", "food supply",
    ])

    static let sabotageExclusions = GuardrailPhraseSet([
        "game", "games", "minecraft", "fortnite", "movie", "film", "novel", "story", "plot",
        "history", "historian*", "documentary", "news", "reported", "was", "were", "during",
        "prevent*", "protect*", "safety", "secure", "security", "drill", "evacuat*", "survive",
        "what happened", "why did", "how did", "investigat*", "emergency", "insurance",
        "crash course", "crashing", "crash on", "app", "server", "computer", "code", "party",
        "the party", "bomb the test", "bomb the exam", "bombed", "defuse*", "disposal",
    ])

    /// Request frames for planning an attack, beyond `requestFraming`.
    static let planFraming = GuardrailPhraseSet([
        "plan", "plans", "planning", "a plan", "how to", "how do i", "how would i", "how could i",
        "how can i", "describe how", "explain how", "best way", "easiest way", "steps",
        "step by step", "tell me how", "give me", "help me", "i want to", "im going to",
        "im gonna", "i will", "where should", "when should", "what time", "which", "ways to",
    ])

    /// Staging a killing as something else.
    static let stagingPhrases = GuardrailPhraseSet([
        "make it look like", "make it seem like", "make it appear", "so it looks like",
        "make his death look", "make her death look", "make their death look", "pass it off as",
        "make the death look", "disguise it as",
    ])

    static let deathCovers = GuardrailPhraseSet([
        "natural causes", "an accident", "accidental", "a suicide", "suicide", "a heart attack",
        "heart failure", "a stroke", "an overdose", "died", "death",
    ])

    static let structuralViolence: [GuardrailRule] = [
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to disguise a killing as a natural or accidental death.",
            groups: [stagingPhrases, deathCovers],
            window: 8,
            exclusions: sabotageExclusions.union(["insurance claim", "scene", "actor*", "makeup", "costume", "halloween", "prop*"]),
            exclusionReach: 12
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to drug a person or their drink without consent.",
            groups: [druggingVerbs, druggingTargets],
            window: 6,
            framing: requestFraming,
            exclusions: violenceExclusions.union(["drug test*", "drug dealer*", "drug use", "drug abuse", "overdose", "doctor", "prescri*", "vet", "dog", "cat", "horse"]),
            exclusionReach: 8
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to hide a body.",
            groups: [disposalVerbs, corpses],
            window: 5,
            framing: requestFraming,
            exclusions: violenceExclusions.union(["animal", "pet", "bird", "mouse", "rat", "deer", "roadkill", "fish", "cat", "dog", "donate", "funeral", "cremat*", "buried"]),
            exclusionReach: 10
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The text seeks to cause mass casualties.",
            groups: [massCasualty],
            exclusions: sabotageExclusions.union(["avoid", "reduce", "minimi*", "fewest", "save"]),
            exclusionReach: 14
        ),
        GuardrailRule(
            .violentWrongdoing,
            "The request asks how to sabotage or attack shared infrastructure or an occupied place.",
            groups: [sabotageVerbs, sharedTargets],
            window: 5,
            framing: planFraming,
            framingReach: 10,
            exclusions: sabotageExclusions,
            exclusionReach: 10
        ),
    ]

    // MARK: - Self-harm

    /// Self-injury acts aimed at one's own body.
    static let selfInjuryVerbs = GuardrailPhraseSet([
        "cut", "cutting", "slit", "slitting", "slash", "slashing", "burn", "burning", "stab",
        "stabbing", "carve", "carving", "hit", "scratch",
    ])

    static let ownBody = GuardrailPhraseSet([
        "my wrist*", "my arm", "my arms", "my thigh*", "my leg", "my legs", "my skin",
        "my vein*", "my throat", "my stomach", "an artery", "the artery", "my artery", "myself",
    ])

    /// Suicide means, named without the word suicide.
    static let suicideMeans = GuardrailPhraseSet([
        "hang", "hanging", "noose", "jump", "jumping", "jump from", "jump off", "bridge",
        "rooftop", "roof", "pills", "overdose", "drown", "bleed", "carbon monoxide", "gas",
        "train", "tall enough", "high enough", "height", "rope",
    ])

    /// The speaker's own death as the goal.
    static let ownDeath = GuardrailPhraseSet([
        "i die", "i would die", "ill die", "i will die", "and die", "to die", "me die",
        "i am dead", "im dead", "be dead", "kill me", "to end it", "end it all", "it works this time",
        "works this time", "so i dont wake up", "not wake up",
    ])

    static let structuralSelfHarm: [GuardrailRule] = [
        GuardrailRule(
            .selfHarm,
            "The request asks how to injure one's own body.",
            groups: [selfInjuryVerbs, ownBody],
            window: 6,
            framing: selfHarmFraming,
            framingReach: 10,
            exclusions: selfHarmExclusions.union(["accident*", "by accident", "treat*", "heal*", "bandage", "stitches", "scar cream", "cooking", "knife skills", "oven", "stove", "shaving", "hair", "nails", "calories", "fat", "tan", "sunburn"]),
            exclusionReach: 12
        ),
        GuardrailRule(
            .selfHarm,
            "The request asks about a means of suicide aimed at the speaker's own death.",
            groups: [suicideMeans, ownDeath],
            window: 10,
            exclusions: selfHarmExclusions.union(["hang out", "hanging out", "hang up", "game", "games", "before i die list", "bucket list", "things to do", "places to visit"]),
            exclusionReach: 12
        ),
    ]

    // MARK: - Hate

    /// Contempt words that, said of a whole group, deny its members' worth.
    static let contemptWords = [
        "stupid", "too stupid", "subhuman", "inferior", "worthless", "useless", "filth",
        "filthy", "vermin", "savages", "animals", "freaks", "degenerates", "parasites",
        "a lower race", "an inferior race", "a plague", "a disease", "a cancer", "evil",
        "less than human", "not fully human", "barely human", "trash", "garbage", "dogs",
        "pigs", "rats", "cockroaches", "apes", "monkeys", "criminals", "rapists", "terrorists",
        "all terrorists", "all criminals", "all rapists", "leeches", "lice", "roaches",
        "insects", "bugs", "beasts", "swine", "mongrels", "invaders", "inbred", "primitive",
        "barbarians", "subhumans", "defective", "diseased", "perverts", "groomers", "demons",
        "the enemy", "enemies of", "a virus", "unclean", "disgusting", "abominations",
        "an abomination", "no better than animals", "no better than beasts",
    ]

    /// "are X", "are all X", "are just X", "are nothing but X", "are like X", and "are" with one
    /// word before X ("are thieving rats"); "not" and the other hate exclusions cancel them.
    static let groupContempt = GuardrailPhraseSet(contemptWords.flatMap { word in
        ["are \(word)", "are all \(word)", "are just \(word)", "are nothing but \(word)", "are such \(word)",
         "are born \(word)", "are like \(word)", "are * \(word)"]
    })

    /// A call for a group to suffer violence or removal, in the passive.
    static let passiveHarmCalls = GuardrailPhraseSet(
        ["should", "should all", "must", "must all", "need to", "deserve to", "ought to", "have to"].flatMap { modal in
            ["killed", "shot", "beaten", "hanged", "hung", "burned", "gassed", "lynched", "enslaved",
             "sterilized", "sterilised", "deported", "expelled", "exterminated", "eradicated",
             "wiped out", "cleansed", "purged", "rounded up", "executed", "stoned", "castrated",
             "raped", "tortured", "bombed", "thrown out", "kicked out", "driven out", "locked up",
             "put down", "caged", "put in cages", "put in camps", "sent to camps", "chained",
             "removed by force", "stopped by any means"].map { "\(modal) be \($0)" }
        } + ["belong in chains", "belong in cages", "belong in camps", "belong back in chains",
             "belong back in cages", "belong in ovens", "belong in gas chambers"]
    )

    static let structuralHate: [GuardrailRule] = [
        GuardrailRule(
            .hate,
            "The text asserts that a protected group is worthless or less than human.",
            groups: [protectedGroups, groupContempt],
            window: 5,
            exclusions: hateExclusions.union(["stereotype*", "myth", "myths", "claim that", "claims that", "say that", "said that", "believe that", "joke*"]),
            exclusionReach: 8
        ),
        GuardrailRule(
            .hate,
            "The text calls for a protected group to suffer violence or removal.",
            groups: [protectedGroups, passiveHarmCalls],
            window: 8,
            exclusions: hateExclusions,
            exclusionReach: 8
        ),
    ]
}
