import Foundation

/// How old a publication is, in whole days from its day to today (UTC days, as rates are dated).
public enum RateAge {
    public static func days(_ day: Day, today: Day) -> Int {
        Swift.max(0, Int((today.date.timeIntervalSince(day.date) / 86_400).rounded()))
    }

    /// Rates this many days old or older are stale: the ECB skips weekends and holidays (up to
    /// four days over Easter), so anything older than that missed a publication.
    public static let staleAfterDays = 5

    public static func isStale(_ day: Day, today: Day) -> Bool { days(day, today: today) >= staleAfterDays }

    /// A provider's publication that old; a rate of the user's is never stale (it is theirs).
    public static func isStale(_ publication: Publication, today: Day) -> Bool {
        publication.source != UserRate.source && isStale(publication.day, today: today)
    }

    /// "today", "yesterday", "23 days old", in `words`' language.
    public static func words(_ age: Int, _ words: Translations) -> String {
        age == 0 ? words.tr("today") : age == 1 ? words.tr("yesterday")
            : Template.fill(words.trn("%d day old", "%d days old", age), String(age))
    }
}
