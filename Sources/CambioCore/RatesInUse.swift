import Foundation

/// How the window speaks of the rates in use: their source and day, how long ago they were
/// fetched, and whether they are old.
public enum RatesInUse {
    /// "ECB rates of Oct 30, 2026", or "open.er-api.com rates of Nov 22, 2026 · updated 3 h ago".
    public static func description(_ table: RateTable?, fetchedAt: Date?, now: Date = Date(), days: DayFormatter,
                                   words: Translations) -> String {
        guard let table else { return words.tr("No rates available") }
        var text = Template.fill(words.tr("%@ rates of %@"), Publication.sourceName(table.source).text(words.translate),
                                 days.string(table.date))
        if let fetchedAt {
            text += " \u{00B7} " + Template.fill(words.tr("updated %@"), words.ago(now.timeIntervalSince(fetchedAt)))
        }
        return text
    }

    /// Days between the rates' publication and today; nil when they are current enough (the
    /// ECB publishes no rates at weekends and on TARGET holidays).
    public static func staleDays(_ table: RateTable?, now: Date = Date()) -> Int? {
        let today = Day.today(now: now)
        guard let table, RateAge.isStale(table.date, today: today) else { return nil }
        return RateAge.days(table.date, today: today)
    }
}
