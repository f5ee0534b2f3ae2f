import Foundation

/// One rate as people read it: one `from` buys `rate` of `to`, in `publication`. The rate table
/// computes it once (`RateTable.quote(from:to:)`), and every surface that shows a rate (the
/// Currencies rows, the Converter, the Calculator, the overview search, the command line) words
/// it with the one translatable template of `pair`, so a translation can word or reorder it.
public struct Quote: Sendable, Equatable {
    public let from: String
    public let to: String
    /// Exact: how many `to` one `from` buys. Rounded only for display.
    public let rate: Decimal
    public let publication: Publication
    /// Who published each currency's rate, where the source names them (`RateTable.institutionSides`).
    public let institutions: [[String]]

    public init(from: String, to: String, rate: Decimal, publication: Publication, institutions: [[String]] = []) {
        self.from = from; self.to = to; self.rate = rate; self.publication = publication; self.institutions = institutions
    }

    public var day: Day { publication.day }
    public var source: String { publication.source }
    /// A rate the user set, which is labelled as theirs and has no age.
    public var isUserRate: Bool { publication.source == UserRate.source }

    /// "1 USD = 0.8951 EUR": the words of a rate wherever one is shown, `rate` already in the
    /// user's number format.
    public static func pair(_ from: String, _ rate: String, _ to: String) -> Wording {
        // TRANSLATORS: a rate: one unit of the first currency is worth the number of the second ("1 USD = 0.8951 EUR"). The codes stay as they are.
        Wording("1 %1$@ = %2$@ %3$@", .verbatim(from), .verbatim(rate), .verbatim(to))
    }

    /// The pair's words with the rate in `formatter`'s format.
    public func pair(_ formatter: DecimalFormatter) -> Wording { Self.pair(from, formatter.rate(rate), to) }

    /// The words of a rate on either side of its number, for a field that takes the number's
    /// place (the dialog that sets a rate: "1 CUP =", [field], "USD"), in `words`' language.
    public static func around(_ from: String, _ to: String, _ words: Translations) -> (before: String, after: String) {
        let marker = "\u{1}"
        let filled = pair(from, marker, to).text(words.translate)
        guard let cut = filled.range(of: marker) else { return (filled, "") }
        return (String(filled[..<cut.lowerBound]).trimmingCharacters(in: .whitespaces),
                String(filled[cut.upperBound...]).trimmingCharacters(in: .whitespaces))
    }

    /// Whose the rate is: "ECB", "Frankfurter: Central Bank of Egypt", "your rate".
    public func sourceWords(_ words: Translations) -> String {
        var name = Publication.sourceName(source).text(words.translate)
        if source != "ECB", !isUserRate, let by = Institution.publisher(sides: institutions) { name += ": " + by.text(words.translate) }
        return name
    }

    /// A conversion's rate line, in the Converter and the Calculator: the pair, whose it is, its
    /// day and its age ("1 USD = 0.8951 EUR · ECB · Oct 30, 2026 · 26 days old"); a rate of the
    /// user's says so and when it was set, and has no age.
    public func line(_ formatter: DecimalFormatter, today: Day, days: DayFormatter, words: Translations) -> String {
        let rate = words.leftToRight(pair(formatter).text(words.translate))
        if isUserRate { return UserRate.line(rate, day: days.string(day), words) }
        return words.line([rate, sourceWords(words), days.string(day), RateAge.words(RateAge.days(day, today: today), words)])
    }

    /// The overview search's line: the pair, whose it is and its day, without an age
    /// ("1 USD = 0.8951 EUR · ECB · Oct 30, 2026").
    public func shortLine(_ formatter: DecimalFormatter, days: DayFormatter, words: Translations) -> String {
        let rate = words.leftToRight(pair(formatter).text(words.translate))
        if isUserRate { return UserRate.line(rate, day: days.string(day), words) }
        return words.line([rate, sourceWords(words), days.string(day)])
    }
}
