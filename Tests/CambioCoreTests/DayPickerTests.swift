import Foundation
import XCTest
@testable import CambioCore

final class DayPickerTests: XCTestCase {
    private let english = Locale(identifier: "en_US")
    private let russian = Locale(identifier: "ru_RU")

    func testTheMonthIsLaidOutInWeeksFromTheLocalesFirstWeekday() {
        // 1 October 2026 is a Thursday: the fifth cell from Sunday in English, the fourth from
        // Monday in Russian.
        let en = DayPicker(chosen: Day(iso: "2026-10-30")!, dates: english)
        XCTAssertEqual(en.title, "October 2026")
        XCTAssertEqual(en.weekdayHeaders, ["S", "M", "T", "W", "T", "F", "S"])
        XCTAssertEqual(en.cells.count, 42)
        XCTAssertEqual(en.cells.firstIndex { $0 != nil }, 4)
        XCTAssertEqual(en.cells[4], Day(iso: "2026-10-01"))
        XCTAssertEqual(en.cells.lastIndex { $0 != nil }, 4 + 30)
        XCTAssertEqual(en.name(of: Day(iso: "2026-10-30")!), "Friday, October 30, 2026")

        let ru = DayPicker(chosen: Day(iso: "2026-10-30")!, dates: russian)
        XCTAssertEqual(ru.title.lowercased(), "октябрь 2026\u{202F}г.")
        XCTAssertEqual(ru.weekdayHeaders.first?.lowercased(), "п")
        XCTAssertEqual(ru.cells.firstIndex { $0 != nil }, 3)
        XCTAssertEqual(ru.name(of: Day(iso: "2026-10-30")!), "пятница, 30 октября 2026\u{202F}г.")
    }

    func testTheFocusMovesByDayWeekMonthAndYearAcrossTheMonthsEdges() {
        var p = DayPicker(chosen: Day(iso: "2026-03-31")!, dates: english)
        p.move(.days(1))
        XCTAssertEqual(p.focused, Day(iso: "2026-04-01"))
        XCTAssertEqual(p.title, "April 2026")
        p.move(.days(-7))
        XCTAssertEqual(p.focused, Day(iso: "2026-03-25"))
        p.focus(Day(iso: "2026-03-31")!)
        p.move(.months(-1))
        XCTAssertEqual(p.focused, Day(iso: "2026-02-28"), "the month's last day when it is shorter")
        p.move(.years(-2))
        XCTAssertEqual(p.focused, Day(iso: "2024-02-28"))
        p.move(.months(13))
        XCTAssertEqual(p.focused, Day(iso: "2025-03-28"))
        // Friday 28 March 2025: its week from Sunday 23 to Saturday 29.
        p.move(.weekStart)
        XCTAssertEqual(p.focused, Day(iso: "2025-03-23"))
        p.move(.weekEnd)
        XCTAssertEqual(p.focused, Day(iso: "2025-03-29"))
        XCTAssertEqual(p.chosen, Day(iso: "2026-03-31"), "moving the focus chooses nothing")
    }

    func testTheFocusStaysWithinTheDaysCambioCounts() {
        var p = DayPicker(chosen: Day(iso: "1900-01-15")!, dates: english)
        p.move(.years(-1))
        XCTAssertEqual(p.focused, Day(iso: "1900-01-15"))
        p.move(.days(-30))
        XCTAssertEqual(p.focused, Day.first)
        p.focus(Day(iso: "9999-12-20")!)
        p.move(.months(5))
        XCTAssertEqual(p.focused, Day(iso: "9999-12-20"))
        p.move(.weekEnd)
        XCTAssertLessThanOrEqual(p.focused, Day.last)
    }
}
