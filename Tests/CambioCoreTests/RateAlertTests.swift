import CambioCore
import CambioTestSupport
import Foundation
import XCTest

/// When an alert fires: its condition against a published rate, once, never for a rate older
/// than the alert, never for a rate of the user's own; and the file it is kept in.
final class RateAlertTests: XCTestCase {
    let en = DecimalFormatter(locale: Locale(identifier: "en_US"))
    let days = DayFormatter(locale: Locale(identifier: "en_US"))
    let ecb = Publication(day: day("2026-10-30"), source: "ECB")

    func quote(_ rate: String, _ p: Publication? = nil) -> Quote {
        Quote(from: "USD", to: "EUR", rate: dec(rate), publication: p ?? ecb)
    }

    func alert(_ condition: RateAlert.Condition, armedOn: String = "2026-10-29") -> RateAlert {
        RateAlert(id: 1, from: "USD", to: "EUR", condition: condition, armedOn: day(armedOn))
    }

    func testAboveAndBelowFireStrictlyPastTheirLevel() {
        XCTAssertNil(AlertCheck.firing(alert(.above(dec("0.8951"))), AlertReading(quote: quote("0.8951"))), "equal is not above")
        XCTAssertEqual(AlertCheck.firing(alert(.above(dec("0.8951"))), AlertReading(quote: quote("0.8952"))),
                       RateAlert.Firing(day: day("2026-10-30"), rate: dec("0.8952"), source: "ECB"))
        XCTAssertNil(AlertCheck.firing(alert(.below(dec("0.8951"))), AlertReading(quote: quote("0.8951"))), "equal is not below")
        XCTAssertNotNil(AlertCheck.firing(alert(.below(dec("0.8951"))), AlertReading(quote: quote("0.89509"))))
        XCTAssertNil(AlertCheck.firing(alert(.below(dec("0.8951"))), AlertReading(quote: quote("0.9"))))
    }

    func testARateOlderThanTheAlertNeverFiresIt() {
        let a = alert(.above(dec("0.5")), armedOn: "2026-10-31")
        XCTAssertNil(AlertCheck.firing(a, AlertReading(quote: quote("0.8951"))), "published the day before it was set")
        XCTAssertNotNil(AlertCheck.firing(alert(.above(dec("0.5")), armedOn: "2026-10-30"), AlertReading(quote: quote("0.8951"))),
                        "published the day it was set")
    }

    func testAFiredAlertStaysFiredUntilRearmed() {
        let (after, fired) = AlertCheck.run([alert(.above(dec("0.8")))]) { _, _ in AlertReading(quote: self.quote("0.8951")) }
        XCTAssertEqual(fired.map(\.id), [1])
        XCTAssertFalse(after[0].isArmed)
        let (again, none) = AlertCheck.run(after) { _, _ in AlertReading(quote: self.quote("0.91", Publication(day: day("2026-11-02"), source: "ECB"))) }
        XCTAssertEqual(none, [], "fires once")
        XCTAssertEqual(again, after)
        // Re-armed today, a rate published before today does not fire it again; a later one does.
        let rearmed = after[0].rearmed(today: day("2026-11-01"))
        XCTAssertTrue(rearmed.isArmed)
        XCTAssertNil(AlertCheck.firing(rearmed, AlertReading(quote: quote("0.8951"))))
        XCTAssertNotNil(AlertCheck.firing(rearmed, AlertReading(quote: quote("0.91", Publication(day: day("2026-11-02"), source: "ECB")))))
    }

    func testAMoveIsAgainstThePreviousPublishedDayOfTheSameSource() throws {
        let move = alert(.move(percent: dec("1")))
        // Friday 30 Oct against Thursday 29 Oct: 0.8951 from 0.8985 is −0.378 %.
        XCTAssertNil(AlertCheck.firing(move, AlertReading(quote: quote("0.8951"), previous: (day("2026-10-29"), dec("0.8985")))))
        let firing = try XCTUnwrap(AlertCheck.firing(move, AlertReading(quote: quote("0.8951"), previous: (day("2026-10-29"), dec("0.9100")))))
        XCTAssertEqual(firing.previousRate, dec("0.9100"))
        // The first day of a pair: nothing to move from.
        XCTAssertNil(AlertCheck.firing(move, AlertReading(quote: quote("0.5"))))

        // Monday after a weekend (no publication) and a missing Friday: the day before is Thursday's.
        let monday = Publication(day: day("2026-11-02"), source: "ECB")
        let table = RateTable(base: "EUR", date: monday.day, source: "ECB", rates: ["USD": dec("1.1000")])
        let publications = [
            DayPublication(day: day("2026-10-28"), source: "ECB", base: "EUR", rates: ["USD": dec("1.1133")]),
            DayPublication(day: day("2026-10-29"), source: "ECB", base: "EUR", rates: ["USD": dec("1.1130")]),
            DayPublication(day: day("2026-10-30"), source: "Bank of Russia", base: "RUB", rates: ["USD": dec("0.0125"), "EUR": dec("0.0107")]),
        ]
        let reading = try XCTUnwrap(AlertReading.of(from: "USD", to: "EUR", table: table, publications: publications))
        XCTAssertEqual(reading.previous?.day, day("2026-10-29"), "another source's day is not the day before")
        XCTAssertEqual(reading.quote.day, monday.day)
        XCTAssertNotNil(AlertCheck.firing(move, reading), "1/1.1 = 0.9091 from 1/1.113 = 0.8985: +1.18 %")
    }

    func testAUserRateNeverFiresAnAlert() {
        let table = ecb20261030.applying([UserRate(code: "KWD", value: dec("3.25"), anchor: "USD", day: day("2026-10-30"))])
        XCTAssertNil(AlertReading.of(from: "KWD", to: "USD", table: table, publications: []), "a rate of the user's own")
        let userQuote = Quote(from: "USD", to: "EUR", rate: dec("5"), publication: Publication(day: day("2026-10-30"), source: UserRate.source))
        XCTAssertNil(AlertCheck.firing(alert(.above(dec("1"))), AlertReading(quote: userQuote)))
    }

    func testAFeeDoesNotMoveTheRateAnAlertComparesWith() throws {
        // The reading is the published rate itself: a card fee only ever changes amounts.
        let reading = try XCTUnwrap(AlertReading.of(from: "USD", to: "EUR", table: ecb20261030, publications: []))
        XCTAssertEqual(reading.quote.rate, 1 / dec("1.1172"))
        XCTAssertNil(AlertCheck.firing(alert(.above(dec("0.8951"))), reading), "0.89509… is not above 0.8951, whatever fee is set")
    }

    func testConditionsAreCheckedWhenSet() {
        XCTAssertNotNil(RateAlert.problem(.above(0)))
        XCTAssertNotNil(RateAlert.problem(.move(percent: 0)))
        XCTAssertNotNil(RateAlert.problem(.move(percent: 1000)))
        XCTAssertNil(RateAlert.problem(.below(dec("0.85"))))
    }

    func testTheNotificationSaysThePairTheConditionTheRateItsDayAndSource() {
        let fired = RateAlert.Firing(day: day("2026-10-30"), rate: dec("0.9012"), source: "ECB")
        let n = alert(.above(dec("0.9"))).notice(fired, formatter: en, days: days, words: .english)
        XCTAssertEqual(n.title, "1 USD is above 0.9 EUR")
        XCTAssertEqual(n.body, "1 USD = 0.9012 EUR · ECB · Oct 30, 2026")
        let moved = alert(.move(percent: 1)).notice(RateAlert.Firing(day: day("2026-10-30"), rate: dec("0.8951"), source: "ECB", previousRate: dec("0.9100")),
                                                  formatter: en, days: days, words: .english)
        XCTAssertEqual(moved.title, "USD/EUR moved −1.64 % in a day")
        XCTAssertEqual(moved.body, "1 USD = 0.8951 EUR · ECB · Oct 30, 2026\nthe day before: 0.9100")
        XCTAssertEqual(alert(.move(percent: dec("1.5"))).conditionWords(en).description, "USD/EUR moving more than 1.5 % in a day")
    }

    func testTheFileKeepsEveryFigureExactlyAndRefusesWhatIsNotAlerts() throws {
        var fired = alert(.below(dec("0.123456789012345678")))
        fired.state = .fired(RateAlert.Firing(day: day("2026-10-30"), rate: dec("0.12"), source: "ECB", previousRate: dec("0.13")))
        let file = AlertFile(alerts: [fired, RateAlert(id: 2, from: "XAU", to: "USD", condition: .move(percent: dec("2.5")), armedOn: day("2026-11-01"))])
        XCTAssertEqual(try AlertFile.decoded(try file.encoded()), file)
        for bad in ["[]", "{\"version\":1,\"alerts\":[{\"id\":1,\"from\":\"USD\",\"to\":\"EUR\",\"armedOn\":\"2026-10-30\"}]}",
                    "{\"version\":1,\"alerts\":[{\"id\":1,\"from\":\"USD\",\"to\":\"EUR\",\"above\":\"1e5\",\"armedOn\":\"2026-10-30\"}]}",
                    "{\"version\":9,\"alerts\":[]}"] {
            XCTAssertThrowsError(try AlertFile.decoded(Data(bad.utf8)), bad)
        }
    }
}
