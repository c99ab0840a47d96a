/// Chooses every roast the bot emits — asked for, from a collection, the Roast of the Day, inline
/// results, an AI answer or its fallback — so that its rules hold on every path: the safety filter
/// (built-in lists and the operator's block list) passes every text, nothing is spicier than the
/// chat's cap (or, for a stressed person who named no spice, than the mood's ceiling), no repeats
/// (``SeenRoasts``: never one of the chat's latest few, unseen roasts first, then the least recently
/// seen — the chat's posts for everyone count as seen by every member), a mood's own roasts first,
/// Premium roasts only after a 7-day streak, and collections and seasons only while they are on
/// offer on the chat's date (a seasonal roast only on the days of its phase).
///
/// What wins: the words the person typed (category, spice, mood, a collection or "regular") over the
/// collection they picked — a named category comes from the collection when it has one today, else
/// from the library with a note — over their mood, over the chat's defaults; the cap over everything.
///
/// Pure apart from a memo of the filter's verdicts on library roasts: the generator is passed in.
public struct RoastSelector: Sendable {
    public let library: RoastLibrary
    private let picker: RoastPicker
    private let verdicts: SafetyVerdicts

    public init(library: RoastLibrary, safety: SafetyFilter = SafetyFilter()) {
        self.library = library
        self.picker = RoastPicker(library: library)
        self.verdicts = SafetyVerdicts(filter: safety, library: library)
    }

    /// The safety filter every chosen text passes.
    public var safety: SafetyFilter { verdicts.filter }

    /// Whether `text` may be sent (a stored roast offered again, an AI answer).
    public func allows(_ text: String) -> Bool {
        verdicts.filter.check(text).isAllowed
    }

    /// How many days a roast anyone in a chat received stays out of its Roast of the Day.
    public static let dailyFreshDays = 30

    /// The roast for `ask`: `prepared` (an AI roast fetched for it) when it passes every rule, else
    /// one from the library or the collection on offer. Nil when nothing may be sent.
    ///
    /// The Roast of the Day is never a roast anyone in the chat received in the last
    /// ``dailyFreshDays`` days while another may be drawn; a chat that had every one of them lately
    /// gets one of those it received longest ago. A request is not today's Roast of the Day while
    /// another roast may be drawn.
    public func select(
        _ ask: RoastAsk, prepared: PreparedRoast? = nil, catalog: CollectionCatalog, using random: inout some RandomNumberGenerator
    ) -> RoastSelection? {
        if ask.purpose == .request {
            if !ask.postedToday.isEmpty,
                let choice = select(ask, prepared: prepared, catalog: catalog, avoiding: ask.postedToday, using: &random)
            {
                return choice
            }
            return select(ask, prepared: prepared, catalog: catalog, avoiding: [], using: &random)
        }
        guard !ask.receivedInChat.isEmpty else {
            return select(ask, prepared: prepared, catalog: catalog, avoiding: [], using: &random)
        }
        // Avoid everything received within the window; failing that, within ever fewer days (the
        // last floor is the most recent age, which avoids nothing).
        let ages = Set(ask.receivedInChat.values).filter { $0 < Self.dailyFreshDays }.sorted(by: >)
        for floor in [Self.dailyFreshDays] + ages {
            let avoided = Set(ask.receivedInChat.compactMap { $0.value < floor ? $0.key : nil })
            if let choice = select(ask, prepared: prepared, catalog: catalog, avoiding: avoided, using: &random) { return choice }
        }
        return nil
    }

    /// ``select(_:prepared:catalog:using:)`` leaving out the library and collection roasts `avoided`.
    private func select(
        _ ask: RoastAsk, prepared: PreparedRoast?, catalog: CollectionCatalog, avoiding avoided: Set<String>,
        using random: inout some RandomNumberGenerator
    ) -> RoastSelection? {
        let (collection, sourceNotes) = source(for: ask, catalog: catalog)
        var notes = sourceNotes
        if let asked = ask.request.spice, asked > ask.maxSpice { notes.append(.spiceCapped(cap: ask.maxSpice)) }

        if let collection {
            let namedCategory = ask.request.category
            let exhausted = CollectionProgress(collection, language: ask.language, served: ask.served).isComplete
            // A collection's own set answers first; an AI roast in its theme only once the set is exhausted.
            if exhausted, let prepared, prepared.collection == collection.id, namedCategory == nil || prepared.category == namedCategory,
                isUsable(prepared, ask)
            {
                return RoastSelection(
                    origin: .ai, text: prepared.text, category: prepared.category, spice: prepared.spice, collection: collection.id,
                    notes: notes)
            }
            let drawable = { (roast: LibraryRoast) in
                verdicts.allows(roast) && collection.fits(roast, on: ask.date) && !avoided.contains(roast.id)
                    && (ask.categories.isEmpty || ask.categories.contains(roast.category))
            }
            // A category the person named wins over the collection: its roasts of that category, if any.
            if let choice = CollectionPicker().pick(
                from: collection, language: ask.language, category: namedCategory, spice: ask.request.spice, maxSpice: ask.spiceCeiling,
                seen: ask.seen, allowed: drawable, using: &random)
            {
                // Asked spicier than the collection goes (within the cap): said, with its spiciest.
                if let asked = ask.request.spice, choice.roast.spice < min(asked, ask.spiceCeiling),
                    let highest = collection.roasts(in: ask.language).filter({ drawable($0) && namedCategory.fits($0) }).map(\.spice).max(),
                    highest < min(asked, ask.spiceCeiling)
                {
                    notes.append(.collectionSpiceUnavailable(id: collection.id, highest: highest))
                }
                return selection(choice.roast, collection: collection.id, notes: notes)
            }
            if let namedCategory, ask.purpose == .request {
                // None of that category: the library's, said in one line.
                notes.append(.collectionLacksCategory(id: collection.id, category: namedCategory))
            } else if ask.purpose != .daily {
                // The Roast of the Day falls back to the library; a request for the collection has nothing to give.
                return nil
            }
        }
        if let prepared, prepared.collection == nil, isUsable(prepared, ask) {
            return RoastSelection(
                origin: .ai, text: prepared.text, category: prepared.category, spice: prepared.spice, collection: nil, notes: notes)
        }
        return drawFromLibrary(ask, avoiding: avoided, using: &random).map { selection($0, collection: nil, notes: notes) }
    }

    /// The AI prompt for `ask`, with the collection whose theme it carries; nil when the library must
    /// answer (the collection on offer still has roasts of its own for this audience).
    public func prompt(for ask: RoastAsk, catalog: CollectionCatalog, using random: inout some RandomNumberGenerator) -> (
        prompt: RoastPrompt, collection: String?
    )? {
        let (collection, _) = source(for: ask, catalog: catalog)
        if let collection, !CollectionProgress(collection, language: ask.language, served: ask.served).isComplete {
            // The library must answer: the collection still has roasts for this person, or none of the category they named.
            return nil
        }
        let category: RoastCategory
        if let asked = ask.request.category {
            category = asked
        } else {
            let weights = ask.feedback.categoryWeights
            category = RoastCategory.allCases[RoastPicker.weightedIndex(RoastCategory.allCases.map { weights[$0] ?? 1 }, using: &random)]
        }
        let ceiling = ask.spiceCeiling
        let spice = min(ask.request.spice ?? SpiceLevel(clamping: Int.random(in: 1...ceiling.rawValue, using: &random)), ceiling)
        let prompt = RoastPrompt(
            language: ask.language, category: category, spice: spice, mood: ask.request.mood,
            collectionModifier: collection?.promptModifier, feedbackAdjustment: ask.feedback.promptAdjustment(for: category))
        return (prompt, collection?.id)
    }

    // MARK: - Helpers

    /// The collection the roast must come from, if any, and what to say when a named one is not on offer.
    private func source(for ask: RoastAsk, catalog: CollectionCatalog) -> (RoastCollection?, [RoastSelection.Note]) {
        switch ask.purpose {
        case .daily:
            return (SeasonSchedule.dailyRoastCollection(catalog, on: ask.date)?.collection, [])
        case .request:
            guard let id = ask.request.collection ?? (ask.request.leavesCollection ? nil : ask.chosenCollection) else { return (nil, []) }
            if let active = catalog.activeCollection(id: id, on: ask.date) { return (active.collection, []) }
            // A named collection that is not on offer is said so; a stale pick silently gives regular roasts.
            return (nil, ask.request.collection == nil ? [] : [.collectionNotOnOffer(id: id)])
        }
    }

    /// An AI roast may be sent when it passes the filter (with this operator's block list) and the
    /// ask's spice ceiling.
    private func isUsable(_ prepared: PreparedRoast, _ ask: RoastAsk) -> Bool {
        prepared.spice <= ask.spiceCeiling && allows(prepared.text)
    }

    /// A library roast weighted by the chat's feedback, from the roasts the filter allows, leaving
    /// out those `avoided`.
    private func drawFromLibrary(_ ask: RoastAsk, avoiding avoided: Set<String>, using random: inout some RandomNumberGenerator)
        -> LibraryRoast?
    {
        var allowed = verdicts.libraryAllowed()
        if !avoided.isEmpty {
            var permitted = allowed ?? [Bool](repeating: true, count: library.all.count)
            for id in avoided { if let ordinal = library.ordinal(of: id) { permitted[ordinal] = false } }
            allowed = permitted
        }
        return picker.pick(
            ask.request, language: ask.language, maxSpice: ask.spiceCeiling, premiumUnlocked: ask.premiumUnlocked, seen: ask.seen,
            categories: ask.categories.isEmpty ? nil : RoastCategory.allCases.filter(ask.categories.contains),
            ordinalWeight: ask.feedback.weights(in: library), categoryWeights: ask.feedback.categoryWeights,
            allowed: allowed.map { allowed in { allowed[$0] } }, using: &random
        )?.roast
    }

    private func selection(_ roast: LibraryRoast, collection: String?, notes: [RoastSelection.Note]) -> RoastSelection {
        RoastSelection(
            origin: .library(id: roast.id), text: roast.text, category: roast.category, spice: roast.spice, collection: collection,
            notes: notes)
    }
}

extension RoastCategory? {
    /// Whether `roast` is of this category; any roast when none was named.
    fileprivate func fits(_ roast: LibraryRoast) -> Bool { self.map { roast.category == $0 } ?? true }
}
