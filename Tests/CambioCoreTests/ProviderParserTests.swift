import XCTest
@testable import CambioCore
import CambioTestSupport

final class ProviderParserTests: XCTestCase {
    let today = day("2026-11-22")

    func parse(_ p: Provider, _ fixture: String, expecting: Expectation = .latest) throws -> ProviderSnapshot {
        try ProviderParser.parse(p, try Fixture.data(fixture), today: today, expecting: expecting)
    }

    func refuses(_ p: Provider, _ body: String, _ expected: ProviderError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ProviderParser.parse(p, Data(body.utf8), today: today), file: file, line: line) {
            XCTAssertEqual($0 as? ProviderError, expected, file: file, line: line)
        }
    }

    func testOpenERAPI() throws {
        let s = try parse(.erapi, "erapi_open_latest_USD_2024-08-19.json")
        XCTAssertEqual(s.base, "USD")
        XCTAssertEqual(s.newestDay, day("2024-08-19"))
        XCTAssertEqual(s.days[day("2024-08-19")]?.count, 162)
        XCTAssertEqual(s.days[day("2024-08-19")]?["AED"], dec("3.6725"))
        XCTAssertEqual(s.days[day("2024-08-19")]?["ARS"], dec("944"), "bare integers")
        XCTAssertEqual(s.days[day("2024-08-19")]?["USD"], 1, "the base is in its own rates")
        XCTAssertEqual(s.nextUpdate, Date(timeIntervalSince1970: 1724112381))
        XCTAssertEqual(s.table.rate(from: "USD", to: "AED"), dec("3.6725"))
    }

    func testOpenERAPIErrorEnvelope() {
        XCTAssertThrowsError(try parse(.erapi, "erapi_v6_error_invalid-key.json")) {
            XCTAssertEqual($0 as? ProviderError, .apiError("invalid-key"))
        }
    }

    func testECBDaily() throws {
        let s = try parse(.ecb, "ecb_eurofxref-daily.xml")
        XCTAssertEqual(s.base, "EUR")
        XCTAssertEqual(s.days.keys.sorted(), [day("2025-05-09")])
        let row = try XCTUnwrap(s.days[day("2025-05-09")])
        XCTAssertEqual(row.count, 30)
        XCTAssertEqual(row["USD"], dec("1.1252"))
        XCTAssertEqual(row["GBP"], dec("0.84770"), "trailing zeros kept")
        XCTAssertEqual(s.table.source, "ECB")
    }

    func testECB90Days() throws {
        let s = try parse(.ecb, "ecb_eurofxref-hist-90d.xml")
        XCTAssertEqual(s.newestDay, day("2025-02-25"))
        XCTAssertEqual(s.days.keys.min(), day("2024-11-28"))
        XCTAssertGreaterThan(s.days.count, 55)
        XCTAssertEqual(s.days[day("2025-02-25")]?["USD"], dec("1.0497"))
    }

    /// An answer of Frankfurter's first version, kept in a 0.6.0 cache, still reads (as the
    /// ECB's figures it was).
    func testFrankfurterV1CachedAnswerStillReads() throws {
        let latest = try parse(.frankfurter, "frankfurter_v1_latest_2022-06-29.json")
        XCTAssertEqual(latest.base, "EUR")
        XCTAssertEqual(latest.days[day("2022-06-29")]?["IDR"], dec("15613"))
        XCTAssertEqual(latest.days[day("2022-06-29")]?.count, 31)
        XCTAssertEqual(latest.table.rate(from: "EUR", to: "EUR"), 1, "the base is added")
        XCTAssertEqual(latest.table.institutions(from: "EUR", to: "USD"), ["ECB"])
    }

    func testFrankfurterECBDaysEqualTheECBHistory() throws {
        let series = try FrankfurterV2.ecbDays(Fixture.data("frankfurter_v2_rates_ECB_2026-09-30_2026-10-02.json"), today: today)
        XCTAssertEqual(series.days.keys.sorted(), [day("2026-09-30"), day("2026-10-01"), day("2026-10-02")])
        XCTAssertEqual(series.days[day("2026-10-01")]?["INR"], dec("108.832"))
        let csv = String(decoding: try Data(contentsOf: Fixture.repo.appendingPathComponent("data/eurofxref-hist.csv")), as: UTF8.self)
        let header = csv.prefix { $0 != "\n" }.split(separator: ",").map(String.init)
        for (d, rates) in series.days {
            let row = try XCTUnwrap(csv.split(separator: "\n").first { $0.hasPrefix(d.iso) }).split(separator: ",", omittingEmptySubsequences: false)
            for (code, value) in rates {
                XCTAssertEqual(dec(String(row[try XCTUnwrap(header.firstIndex(of: code))])), value, "\(d) \(code)")
            }
        }
    }

    func testBankOfRussiaWindows1251() throws {
        let s = try parse(.cbr, "cbr_XML_daily.asp.xml")
        XCTAssertEqual(s.base, "RUB")
        XCTAssertEqual(s.newestDay, day("2026-04-25"))
        let row = try XCTUnwrap(s.days[day("2026-04-25")])
        XCTAssertEqual(row["AUD"], 1 / dec("53.8359"))
        XCTAssertEqual(row["DZD"], 100 / dec("57.0006"), "Nominal 100")
        // 1 GBP = 102.0374 RUB: the table gives it back to the displayed precision.
        let f = DecimalFormatter(style: .posix)
        XCTAssertEqual(f.rate(try XCTUnwrap(s.table.rate(from: "GBP", to: "RUB"))), "102.0374")
        XCTAssertEqual(s.table.source, "Bank of Russia")
    }

    func testRefusals() {
        refuses(.erapi, "", .empty)
        refuses(.erapi, "  \n", .empty)
        refuses(.erapi, "<!DOCTYPE html><html><body>Log in to the Wi-Fi</body></html>", .htmlPage)
        refuses(.ecb, "<html><head><title>Portal</title></head></html>", .htmlPage)
        refuses(.erapi, "{\"result\":\"success\",\"rates\":{\"USD\":1", .notJSON)
        refuses(.erapi, "garbage \u{1}\u{2}", .notJSON)
        refuses(.erapi, "[1,2,3]", .wrongShape("not a JSON object"))
        refuses(.erapi, "{\"result\":\"success\",\"base_code\":\"USD\",\"time_last_update_unix\":1724025751,\"rates\":{\"EUR\":\"x\"}}", .wrongShape("bad value at rates.EUR"))
        refuses(.erapi, "{\"result\":\"error\",\"error-type\":\"quota-reached\"}", .apiError("quota-reached"))
        refuses(.frankfurter, "{\"message\":\"not found\"}", .apiError("not found"))
        refuses(.ecb, "<?xml version=\"1.0\"?><gesmes:Envelope xmlns:gesmes=\"x\"><Cube><Cube time=\"2025-05-09\"><Cube currency=\"USD\" rate=\"1.1", .notXML("truncated"))
        refuses(.ecb, "<?xml version=\"1.0\"?><gesmes:Envelope xmlns:gesmes=\"x\"><Cube><Cube time=\"2025-05-09\"><Cube currency=\"USD\" rate=\"NaN\"/></Cube></Cube></gesmes:Envelope>", .invalidRate(code: "USD", value: "NaN"))
        refuses(.ecb, "<?xml version=\"1.0\"?><gesmes:Envelope xmlns:gesmes=\"x\"><Cube><Cube time=\"2025-05-09\"><Cube currency=\"USD\" rate=\"-1.2\"/></Cube></Cube></gesmes:Envelope>", .invalidRate(code: "USD", value: "-1.2"))
        // A declared entity, expanded a billion times or read from a file, is never declared at all.
        refuses(.ecb, "<?xml version=\"1.0\"?><!DOCTYPE e [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><gesmes:Envelope xmlns:gesmes=\"x\"><Cube>&x;</Cube></gesmes:Envelope>",
                .notXML("a document type declaration, which Cambio does not read"))
        refuses(.cbr, "<?xml version=\"1.0\" encoding=\"windows-1251\"?><ValCurs Date=\"01.01.2026\">&lol9;</ValCurs>",
                .notXML("the entity &lol9;, which Cambio does not expand"))
        // A cut value ("1." of "1.1252") is refused, not read as 1.
        refuses(.ecb, "<?xml version=\"1.0\"?><gesmes:Envelope xmlns:gesmes=\"x\"><Cube><Cube time=\"2025-05-09\"><Cube currency=\"USD\" rate=\"1.\"/></Cube></Cube></gesmes:Envelope>", .invalidRate(code: "USD", value: "1."))
    }

    func testInvalidUTF8InAnXMLNameIsRefusedNotACrash() throws {
        // Found by `make fuzz`: the ECB daily file with 87 bytes of 0xFF inside an attribute name
        // crashed FoundationXML's parser.
        let input = try Fixture.data("fuzz_ecb_invalid_utf8_attribute.bin").dropFirst() // the selector byte
        XCTAssertThrowsError(try ProviderParser.parse(.ecb, Data(input), today: today)) {
            XCTAssertEqual($0 as? ProviderError, .notXML("not UTF-8"))
        }
    }

    func testBytesInTheXMLDeclarationAreRefusedNotACrash() throws {
        // Found by `make fuzz`: four 0xFF bytes inside the Bank of Russia file's declaration.
        let input = try Fixture.data("fuzz_cbr_bytes_in_declaration.bin").dropFirst()
        XCTAssertThrowsError(try ProviderParser.parse(.cbr, Data(input), today: today))
        XCTAssertThrowsError(try ProviderParser.parse(.ecb, Data("<?xml version=\"1.0\" encoding=\"koi8-r\"?><a/>".utf8), today: today)) {
            XCTAssertEqual($0 as? ProviderError, .notXML("unsupported encoding koi8-r"))
        }
    }

    func testNegativeAndZeroRatesInJSON() {
        let body = { (v: String) in "{\"result\":\"success\",\"base_code\":\"USD\",\"time_last_update_unix\":1724025751,\"rates\":{\"EUR\":\(v)}}" }
        refuses(.erapi, body("-0.9"), .invalidRate(code: "EUR", value: "-0.9"))
        refuses(.erapi, body("0"), .invalidRate(code: "EUR", value: "0"))
        refuses(.erapi, body("NaN"), .notJSON)
    }

    func testTruncatedRealPayloadsAreRefused() throws {
        for (p, f) in [(Provider.erapi, "erapi_open_latest_USD_2024-08-19.json"), (.ecb, "ecb_eurofxref-daily.xml"),
                       (.frankfurter, "frankfurter_v1_latest_2022-06-29.json"), (.cbr, "cbr_XML_daily.asp.xml")] {
            let data = try Fixture.data(f)
            for cut in [data.count / 3, data.count / 2, data.count - 20] {
                XCTAssertThrowsError(try ProviderParser.parse(p, data.prefix(cut), today: today), "\(f) cut at \(cut)")
            }
        }
    }

    func testIncompleteAndImplausibleAnswers() {
        // A well-formed answer with too few currencies, or a date in the future.
        refuses(.erapi, "{\"result\":\"success\",\"base_code\":\"USD\",\"time_last_update_unix\":1724025751,\"rates\":{\"USD\":1,\"EUR\":0.9,\"GBP\":0.8,\"JPY\":150,\"CHF\":0.9,\"CNY\":7}}", .tooFewCurrencies(6))
        refuses(.frankfurter, "[{\"date\":\"2099-01-01\",\"base\":\"EUR\",\"quote\":\"USD\",\"rate\":1.1}]", .implausibleDate("2099-01-01"))
        refuses(.frankfurter, "[{\"date\":\"2022-06-29\",\"base\":\"EUR\",\"quote\":\"USD\",\"rate\":1.1}]", .missingCurrencies(["CHF", "GBP", "JPY"]))
    }

    /// XMLParser's own words are an error domain and a number: the user gets words.
    /// An answer that is no XML at all is said as what it is, never as "the document is empty".
    func testAnAnswerThatIsNoXMLIsSaidAsWhatItIs() {
        let today = Day(iso: "2026-11-22")!
        for provider in [Provider.ecb, .cbr] {
            XCTAssertThrowsError(try ProviderParser.parse(provider, Data(#"{"rates": {"USD": 1.1}}"#.utf8), today: today)) {
                XCTAssertEqual($0 as? ProviderError, .jsonNotXML)
                XCTAssertEqual(Wording(error: $0).description, "the answer was a JSON document, not the expected XML")
            }
            XCTAssertThrowsError(try ProviderParser.parse(provider, Data("\n  Service temporarily unavailable, please try again later\n".utf8), today: today)) {
                XCTAssertEqual(Wording(error: $0).description,
                               "the answer was plain text starting with “Service temporarily unavailable, please”, not the expected XML")
            }
        }
    }

    func testMalformedXMLIsWorded() {
        for (provider, body) in [(Provider.ecb, "<?xml version=\"1.0\"?>\n<gesmes:Envelope><Cube time==\"2025\"></Cube></gesmes:Envelope>"),
                                 (.cbr, "<?xml version=\"1.0\" encoding=\"windows-1251\"?>\n<ValCurs Date=\"01.01.2026\"><Valute <></Valute></ValCurs>")] {
            XCTAssertThrowsError(try ProviderParser.parse(provider, Data(body.utf8), today: Day(iso: "2026-11-22")!)) { error in
                let text = Wording(error: error).description
                XCTAssertFalse(text.contains("NSXMLParserErrorDomain"), text)
                XCTAssertTrue(text.contains("malformed XML at line "), text)
            }
        }
    }
}
