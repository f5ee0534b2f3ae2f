import XCTest
@testable import CambioCore
import CambioTestSupport

final class TargetCalendarTests: XCTestCase {
    func testHolidays() {
        XCTAssertTrue(TargetCalendar.isHoliday(day("2024-03-29")), "Good Friday 2024")
        XCTAssertTrue(TargetCalendar.isHoliday(day("2024-04-01")), "Easter Monday 2024")
        XCTAssertTrue(TargetCalendar.isHoliday(day("2026-12-25")))
        XCTAssertTrue(TargetCalendar.isHoliday(day("2026-12-26")), "a Saturday, and a holiday still")
        XCTAssertTrue(TargetCalendar.isHoliday(day("2027-01-01")))
        XCTAssertTrue(TargetCalendar.isHoliday(day("2026-05-01")))
        XCTAssertFalse(TargetCalendar.isHoliday(day("2024-03-28")))
        XCTAssertFalse(TargetCalendar.isHoliday(day("2024-03-31")), "Easter Sunday is a Sunday, not a holiday")
    }

    func testAWeekendIsNotAHolidayButNotABusinessDay() {
        let saturday = day("2024-03-30")
        XCTAssertTrue(TargetCalendar.isWeekend(saturday))
        XCTAssertFalse(TargetCalendar.isHoliday(saturday))
        XCTAssertFalse(TargetCalendar.isBusinessDay(saturday))
        XCTAssertFalse(TargetCalendar.isBusinessDay(day("2024-03-29")))
        XCTAssertTrue(TargetCalendar.isBusinessDay(day("2024-03-28")))
        XCTAssertTrue(TargetCalendar.isBusinessDay(day("2024-04-02")))
    }

    func testNextAndLastBusinessDay() {
        // Easter 2026 is 5 April: Good Friday 3 April and Easter Monday 6 April are closed.
        XCTAssertEqual(TargetCalendar.nextBusinessDay(after: day("2026-04-02")), day("2026-04-07"))
        XCTAssertEqual(TargetCalendar.nextBusinessDay(after: day("2026-12-24")), day("2026-12-28"))
        XCTAssertEqual(TargetCalendar.nextBusinessDay(after: day("2026-12-31")), day("2027-01-04"))
        XCTAssertEqual(TargetCalendar.lastBusinessDay(onOrBefore: day("2026-04-06")), day("2026-04-02"))
        XCTAssertEqual(TargetCalendar.lastBusinessDay(onOrBefore: day("2026-04-07")), day("2026-04-07"))
    }

    func testEasterSunday() {
        XCTAssertEqual(TargetCalendar.easterSunday(2024), day("2024-03-31"))
        XCTAssertEqual(TargetCalendar.easterSunday(2025), day("2025-04-20"))
        XCTAssertEqual(TargetCalendar.easterSunday(2026), day("2026-04-05"))
    }
}
