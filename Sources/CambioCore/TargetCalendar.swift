import Foundation

/// The days the ECB publishes on: TARGET2 business days. TARGET2 is closed on weekends and on its
/// holidays: 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December.
public enum TargetCalendar {
    /// A Saturday or a Sunday (UTC).
    public static func isWeekend(_ day: Day) -> Bool {
        let weekday = Day.utc.component(.weekday, from: day.date)
        return weekday == 1 || weekday == 7
    }

    /// One of TARGET2's holidays, whatever the day of the week: a weekend is not a holiday.
    public static func isHoliday(_ day: Day) -> Bool {
        switch (day.month, day.day) {
        case (1, 1), (5, 1), (12, 25), (12, 26): return true
        default: break
        }
        let offset = Int((day.date.timeIntervalSince(easterSunday(day.year).date) / 86_400).rounded())
        return offset == -2 || offset == 1
    }

    /// A day TARGET2 is open: neither a weekend nor a holiday.
    public static func isBusinessDay(_ day: Day) -> Bool {
        !isWeekend(day) && !isHoliday(day)
    }

    /// The first business day after `day`.
    public static func nextBusinessDay(after day: Day) -> Day {
        var d = day.next
        while !isBusinessDay(d) { d = d.next }
        return d
    }

    /// The last business day on or before `day`.
    public static func lastBusinessDay(onOrBefore day: Day) -> Day {
        var d = day
        while !isBusinessDay(d) { d = d.previous }
        return d
    }

    /// Gregorian Easter Sunday (the anonymous algorithm).
    static func easterSunday(_ y: Int) -> Day {
        let a = y % 19, b = y / 100, c = y % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, dayOfMonth = (h + l - 7 * m + 114) % 31 + 1
        return Day(year: y, month: month, day: dayOfMonth)!
    }
}
