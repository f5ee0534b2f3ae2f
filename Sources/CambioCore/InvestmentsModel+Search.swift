import Foundation

/// A stock a search found, as the list shows it.
public struct FoundStock: Sendable, Equatable {
    public let stock: StockInfo
    /// "United States · USD · bundled sample 2000-01 – 2010-03".
    public let details: String
    /// The row's accessible name: "MSFT, Microsoft Corporation, United States, USD, …".
    public let name: String
}

/// Finding a stock: a search runs once typing pauses (the entry's own delay) or at once on Enter;
/// only the newest search's answer is shown; Enter opens the first stock found, when it comes.
extension InvestmentsModel {
    /// Something was typed: a search is due once typing pauses, and an earlier Enter no longer
    /// opens what its search finds.
    public mutating func typed() {
        searchPending = true
        openFirstOnAnswer = false
    }

    /// Whether what is typed still waits for its search.
    public var searchIsDue: Bool { searchPending }

    /// What Enter in the search does.
    public enum EnterAction: Sendable, Equatable {
        /// Open this stock (the first found).
        case open(StockInfo)
        /// Search now; the first stock found opens when the answer comes.
        case search
        /// The search under way answers soon; its first stock opens then.
        case wait
    }

    /// Enter: opens the first stock found; when the search is still to run or running, runs it
    /// now and opens its first stock when it answers.
    public mutating func enter() -> EnterAction {
        guard searchPending || searchRunning || found.isEmpty else { return .open(found[0].stock) }
        openFirstOnAnswer = true
        return searchPending || !searchRunning ? .search : .wait
    }

    /// A search under way.
    public struct Search: Sendable, Equatable {
        public let query: String
        let generation: Int
    }

    /// A search for `query` begins (superseding any under way); nil when there is nothing to
    /// search, and the results close. `asksAlphaVantage`: a key is saved and the network allowed.
    public mutating func beginSearch(_ query: String, asksAlphaVantage: Bool) -> Search? {
        searchPending = false
        searchGeneration += 1
        guard !StockQuery.normalised(query).isEmpty else {
            openFirstOnAnswer = false
            closeSearch()
            return nil
        }
        if asksAlphaVantage { searchNote = Template.fill(tr("Searching Alpha Vantage for “%@”…"), query) }
        searchRunning = true
        return Search(query: query, generation: searchGeneration)
    }

    /// The answer to `search`: Alpha Vantage's `listings` first, then the bundled `sample`'s
    /// matches it does not list (a stock in both is shown once, as listed). `sampleSeries`: the
    /// bundled prices, for the months a sample stock covers; `hasKey`: a key is saved;
    /// `fetchedAt`/`fromCache`: when the listings were fetched; `problem`: why a fetch failed.
    /// Returns false when a newer search began since (the answer is dropped), else whether
    /// to open the first stock found (Enter came before the answer), in `open`.
    @discardableResult
    public mutating func finishSearch(_ search: Search, listings: [StockInfo], sample: [StockInfo],
                                      sampleSeries: [String: PriceSeries], hasKey: Bool, problem: Wording?,
                                      fromCache: Bool = false, fetchedAt: Date? = nil, now: Date = Date()) -> SearchAnswer {
        guard search.generation == searchGeneration else { return .dropped }
        searchRunning = false
        found = Self.merge(listings: listings, sample: sample).map { stock, isSample in
            var details = [stock.region, currencyText(stock.currency)].filter { !$0.isEmpty }
            if isSample, let s = sampleSeries[stock.symbol] {
                details.append(Template.fill(tr("bundled sample %@ – %@"), s.firstMonth?.iso ?? "", s.newestMonth?.iso ?? ""))
            } else if sample.contains(where: { $0.symbol == stock.symbol }) && !hasKey {
                details.append(tr("bundled sample"))
            }
            return FoundStock(stock: stock, details: details.joined(separator: " \u{00B7} "),
                              name: "\(stock.symbol), \(stock.name), " + details.joined(separator: ", "))
        }
        var notes: [String] = []
        if let problem { notes.append(say(problem)) }
        if found.isEmpty {
            notes.append(Template.fill(tr("No stock matches “%@”."), search.query))
        }
        if !hasKey {
            notes.append(tr("Without an Alpha Vantage key only the bundled sample (MSFT, AMZN, IBM, AAPL, GOOG) is searched; IBM's prices come from Alpha Vantage's demo key."))
        } else if fromCache, let at = fetchedAt, problem == nil {
            notes.append(Template.fill(tr("Results of a search %@ (searches are kept for an hour)."), words.ago(now.timeIntervalSince(at))))
        }
        searchNote = notes.joined(separator: " ")
        searchNoteIsProblem = problem != nil
        let open = openFirstOnAnswer ? found.first?.stock : nil
        openFirstOnAnswer = false
        return .shown(open: open)
    }

    /// What became of a search's answer.
    public enum SearchAnswer: Sendable, Equatable {
        /// A newer search began since: nothing changed.
        case dropped
        /// The stocks found are shown; `open`: the one Enter asked for.
        case shown(open: StockInfo?)
    }

    /// The list of stocks found: Alpha Vantage's listings in its order, then the sample's
    /// stocks it does not list, each with whether it comes from the sample.
    static func merge(listings: [StockInfo], sample: [StockInfo]) -> [(StockInfo, isSample: Bool)] {
        let listed = Set(listings.map(\.symbol))
        return listings.map { ($0, false) } + sample.filter { !listed.contains($0.symbol) }.map { ($0, true) }
    }

    /// The results close: no search is due or under way, nothing is listed.
    public mutating func closeSearch() {
        searchPending = false
        searchGeneration += 1
        searchRunning = false
        openFirstOnAnswer = false
        found = []
        searchNote = ""
    }
}
