import Foundation

/// A month of days to choose from, as the History page's date picker shows it: a grid of weeks
/// starting on the locale's first weekday, one day with the keyboard focus (whose month is the
/// one shown) and the day chosen. Moving the focus past the month's edge shows the next or the
/// previous month, as a paper calendar's page would turn.
public struct DayPicker: Sendable {
    /// The day with the focus; its month is shown.
    public private(set) var focused: Day
    /// The day chosen (the one converted).
    public var chosen: Day
    /// The locale's first day of the week: 1 Sunday … 7 Saturday.
    public let firstWeekday: Int
    private let titles: DayFormatter
    private let names: DayFormatter
    private let weekdayNames: [String]

    public init(chosen: Day, dates: Locale) {
        self.chosen = chosen
        focused = chosen
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = dates
        firstWeekday = calendar.firstWeekday
        titles = DayFormatter(locale: dates, template: "MMMMy")
        names = DayFormatter(locale: dates, template: "EEEEdMMMMy")
        let formatter = DateFormatter()
        formatter.locale = dates
        // Sunday first, as Foundation counts weekdays.
        weekdayNames = formatter.veryShortStandaloneWeekdaySymbols
    }

    /// How the focus moves: by days (Left, Right), weeks (Up, Down), months (Page Up, Page
    /// Down), years (Shift with those), or to the first or last day of its week (Home, End).
    public enum Move: Sendable, Equatable {
        case days(Int), months(Int), years(Int), weekStart, weekEnd
    }

    public mutating func move(_ move: Move) {
        switch move {
        case .days(let n): focused = focused.adding(days: n)
        case .months(let n): focused = Self.day(focused, monthsLater: n)
        case .years(let n): focused = Self.day(focused, monthsLater: 12 * n)
        case .weekStart: focused = focused.adding(days: -column(of: focused))
        case .weekEnd: focused = focused.adding(days: 6 - column(of: focused))
        }
    }

    /// Puts the focus on `day`, showing its month.
    public mutating func focus(_ day: Day) { focused = day }

    /// The same day number `n` months later (earlier when negative), or the month's last day when
    /// it is shorter ("31 March" a month back is "28 February"); held within 1900 to 9999.
    static func day(_ day: Day, monthsLater n: Int) -> Day {
        let index = max(1900 * 12, min(day.year * 12 + day.month - 1 + n, 9999 * 12 + 11))
        let (year, month) = (index / 12, index % 12 + 1)
        return Day(year: year, month: month, day: min(day.day, Day.daysIn(month: month, year: year)))!
    }

    /// The month shown ("October 2026").
    public var title: String { titles.string(focused.firstOfMonth) }

    /// The week's days, from the locale's first ("S", "M", … in English; "П", "В", … in Russian).
    public var weekdayHeaders: [String] {
        guard weekdayNames.count == 7 else { return [] }
        return (0..<7).map { weekdayNames[(firstWeekday - 1 + $0) % 7] }
    }

    /// The shown month's days in the grid's cells, row by row, 7 a row; nil where a cell is
    /// before the month's first day or after its last (always 6 rows: the grid keeps its size).
    public var cells: [Day?] {
        let first = focused.firstOfMonth
        let lead = column(of: first)
        let count = Day.daysIn(month: first.month, year: first.year)
        return (0..<42).map { i in
            let n = i - lead + 1
            return (1...count).contains(n) ? Day(year: first.year, month: first.month, day: n) : nil
        }
    }

    /// A day as a screen reader says it ("Friday, October 30, 2026").
    public func name(of day: Day) -> String { names.string(day) }

    /// The day's column in its week, from 0 (the locale's first weekday).
    func column(of day: Day) -> Int { (day.weekday - firstWeekday + 7) % 7 }
}

extension Day {
    /// 1 Sunday … 7 Saturday, as Foundation counts weekdays.
    var weekday: Int { Day.utc.component(.weekday, from: date) }

    var firstOfMonth: Day { Day(year: year, month: month, day: 1)! }
}
