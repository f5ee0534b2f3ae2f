// `make fuzz`: libFuzzer over every parser that reads outside input. scripts/fuzz compiles this
// file together with Sources/CambioCore as one module, with -sanitize=fuzzer,address (outside
// SwiftPM, whose executables bring their own main); a crash, a trap or a sanitizer report fails.
import Foundation

let today = Day(iso: "2026-11-22")!
let styles = [NumberStyle.posix, NumberStyle(locale: Locale(identifier: "de_DE")), NumberStyle(locale: Locale(identifier: "ru_RU"))]
let table = RateTable(base: "EUR", date: today, source: "fuzz",
                      rates: ["USD": Decimal(string: "1.1172")!, "JPY": Decimal(string: "175.68")!, "KWD": Decimal(string: "0.3412")!])
let catalog = CurrencyCatalog(currencies: [
    Currency(code: "EUR", englishName: "Euro", minorUnits: 2), Currency(code: "USD", englishName: "US Dollar", minorUnits: 2),
    Currency(code: "JPY", englishName: "Yen", minorUnits: 0), Currency(code: "KWD", englishName: "Kuwaiti Dinar", minorUnits: 3),
])

/// One input: the first byte picks the parser, the rest is its input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let body = Data(bytes: data + 1, count: size - 1)
    switch selector % 7 {
    case 0:
        // Typed amounts and expressions, then a whole list recalculated from them.
        let text = String(decoding: body, as: UTF8.self)
        for style in styles {
            _ = ExpressionEvaluator.evaluate(text, style: style)
            let state = CurrencyListState(codes: ["EUR", "USD", "JPY", "KWD"], anchorCode: "USD", anchorText: text, referenceCode: "EUR")
            _ = CurrencyListComputation(catalog: catalog, formatter: DecimalFormatter(style: style)).rows(state, table: table)
        }
    case 1: _ = try? ProviderParser.parse(.erapi, body, today: today)
    case 2: _ = try? ProviderParser.parse(.ecb, body, today: today)
    case 3: _ = try? ProviderParser.parse(.frankfurter, body, today: today)
    case 4: _ = try? ProviderParser.parse(.cbr, body, today: today)
    case 5: _ = try? ECBHistoryCSV.latest(body)
    default:
        // What the history store imports: the newest day, then every row as text.
        _ = try? ECBHistoryCSV.newestDay(body)
        try? ECBHistoryCSV.forEachRow(body) { _, _ in }
    }
    return 0
}
