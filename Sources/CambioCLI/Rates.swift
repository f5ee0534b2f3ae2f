import ArgumentParser
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import Foundation

extension CambioCommand {
    struct Rates: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every rate against one currency.")

        @Option(help: "The currency the rates are against (default: your locale's).") var base: String?
        @Flag(help: "Send no request: cached rates, else the bundled ones.") var offline = false
        @Flag(help: "Print one JSON object.") var json = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let base = try setup.code(self.base ?? setup.data.state.currencies.referenceCode)
                guard let table = setup.table(offline: offline) else { throw Failure("no rates available") }
                guard table.has(base) else { throw Failure("no \(table.source) rate for \(base)") }
                let codes = table.rates.keys.filter { $0 != base }.sorted()
                // Sources still quote some currencies their countries replaced: listed, and said.
                let catalog = setup.data.catalog
                func withdrawn(_ code: String) -> Bool { catalog[code].map { !$0.isActive } ?? false }
                var rates: [String: (Decimal, Publication)] = [:]
                for code in codes {
                    if let r = table.rate(from: base, to: code), let p = table.publication(from: base, to: code) { rates[code] = (r, p) }
                }
                if json {
                    print(try jsonLine(RatesJSON(
                        base: base, source: table.source, date: table.date.iso,
                        rates: Dictionary(uniqueKeysWithValues: rates.map { code, r in
                            (code, .init(rate: "\(r.0)", rateDate: r.1.day.iso, source: r.1.source, withdrawn: withdrawn(code) ? true : nil))
                        }))))
                } else {
                    let f = DecimalFormatter(locale: setup.data.locale.numbers)
                    print("\(table.source), \(table.date.iso): 1 \(base) =")
                    for code in codes {
                        guard let r = rates[code] else { continue }
                        let notes = (r.1 != table.current ? [sourceText(r.1.source, r.1.day, comma: true)] : [])
                            + (withdrawn(code) ? ["withdrawn: no longer the country's currency"] : [])
                        print("  \(f.rate(r.0)) \(code)\(notes.isEmpty ? "" : "  (\(notes.joined(separator: "; ")))")")
                    }
                }
            }
        }
    }
}

/// `cambio rates --json`.
struct RatesJSON: Encodable {
    let base: String
    let source: String
    let date: String
    let rates: [String: Rate]
    struct Rate: Encodable {
        let rate: String
        let rateDate: String
        let source: String
        /// True for a currency its country replaced (HRK, SLL…) that a source still quotes;
        /// absent otherwise.
        let withdrawn: Bool?
        enum CodingKeys: String, CodingKey { case rate, rateDate = "rate_date", source, withdrawn }
    }
}
