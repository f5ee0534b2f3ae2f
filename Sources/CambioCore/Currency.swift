import Foundation

/// An ISO 4217 currency.
public struct Currency: Sendable, Hashable, Identifiable {
    public let code: String
    public let numeric: String
    /// The English name from iso-codes ("US Dollar").
    public let englishName: String
    /// The name in the user's language (iso-codes' translations), or the English one.
    public let localizedName: String
    /// Digits after the decimal mark (JPY 0, EUR 2, KWD 3).
    public let minorUnits: Int
    /// False for currencies withdrawn since (HRK, BGN...): still known for past dates,
    /// not offered for new lists.
    public let isActive: Bool
    /// A sign in common use that is not the code (₿ for bitcoin), if any.
    public let symbol: String?

    public var id: String { code }

    public init(code: String, numeric: String = "", englishName: String, localizedName: String? = nil,
                minorUnits: Int, isActive: Bool = true, symbol: String? = nil) {
        self.code = code
        self.numeric = numeric
        self.englishName = englishName
        self.localizedName = localizedName ?? englishName
        self.minorUnits = minorUnits
        self.isActive = isActive
        self.symbol = symbol
    }

}

/// Every currency Cambio knows: the distribution's iso-codes list, with minor units.
public struct CurrencyCatalog: Sendable {
    public let all: [Currency]
    private let byCode: [String: Currency]

    /// ISO 4217 minor units that differ from 2 (the standard's "E" column).
    public static let minorUnitExceptions: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
        "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        "CLF": 4, "UYW": 4,
    ]

    /// Codes in ISO 4217 that are not money a person holds: precious metals, bond units,
    /// fund codes and test codes.
    public static let notMoney: Set<String> = [
        "XAG", "XAU", "XPD", "XPT", "XBA", "XBB", "XBC", "XBD", "XSU", "XTS", "XUA", "XXX",
        "BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW",
    ]

    /// Currencies withdrawn after the iso-codes release Debian 12 carries.
    public static let withdrawn: Set<String> = ["HRK", "BGN", "SLL", "CUC", "ZWL", "ANG"]

    /// Currencies no longer in iso-codes whose rates appear in the ECB history.
    static let historical: [(String, String, Int)] = [
        ("CYP", "Cyprus Pound", 2), ("EEK", "Kroon", 2), ("LTL", "Lithuanian Litas", 2),
        ("LVL", "Latvian Lats", 2), ("MTL", "Maltese Lira", 2), ("ROL", "Leu", 2),
        ("SIT", "Tolar", 2), ("SKK", "Slovak Koruna", 2), ("TRL", "Turkish Lira", 0),
    ]

    public init(currencies: [Currency]) {
        all = currencies.sorted { $0.code < $1.code }
        var map: [String: Currency] = [:]
        for c in all { map[c.code] = c }
        byCode = map
    }

    /// Builds the catalogue from iso-codes' `iso_4217.json`, translating names with `names`
    /// (gettext's "iso_4217" domain in the app) and Cambio's own words (the coins' names, "one
    /// troy ounce") with `words` (the "cambio" domain). The curated metals and coins join it.
    public init(isoCodesJSON data: Data, names: ((String) -> String)? = nil, words: ((String) -> String)? = nil) throws {
        struct File: Decodable {
            let entries: [Entry]
            enum CodingKeys: String, CodingKey { case entries = "4217" }
        }
        struct Entry: Decodable {
            let alpha_3: String
            let name: String
            let numeric: String?
        }
        let file = try JSONDecoder().decode(File.self, from: data)
        var list: [Currency] = []
        var seen = Set<String>()
        for e in file.entries {
            if let metal = MetalsAndCoins.entry(e.alpha_3), metal.kind == .metal {
                seen.insert(e.alpha_3)
                // Named whole in Cambio's catalogue: iso-codes' own names of them differ by language
                // ("Gold" in English, "Тройская унция золота" in Russian), so no unit is added to them.
                let name = Self.metalNames[e.alpha_3] ?? "\(e.name) (one troy ounce)"
                list.append(Currency(code: e.alpha_3, numeric: e.numeric ?? "", englishName: name,
                                     localizedName: words?(name), minorUnits: metal.minorUnits))
                continue
            }
            guard !Self.notMoney.contains(e.alpha_3) else { continue }
            seen.insert(e.alpha_3)
            list.append(Currency(code: e.alpha_3, numeric: e.numeric ?? "", englishName: e.name,
                                 localizedName: Self.localized(e.name, names: names, words: words),
                                 minorUnits: Self.minorUnitExceptions[e.alpha_3] ?? 2,
                                 isActive: !Self.withdrawn.contains(e.alpha_3)))
        }
        for coin in MetalsAndCoins.entries where coin.kind == .coin && !seen.contains(coin.code) {
            list.append(Currency(code: coin.code, englishName: coin.name, localizedName: words?(coin.name),
                                 minorUnits: coin.minorUnits, symbol: coin.symbol))
        }
        for (code, name, units) in Self.historical where !seen.contains(code) {
            list.append(Currency(code: code, englishName: name, localizedName: names.map { $0(name) },
                                 minorUnits: units, isActive: false))
        }
        self.init(currencies: list)
    }

    /// The precious metals as currencies: their unit is a troy ounce.
    static let metalNames = [
        "XAU": Wording("Gold (one troy ounce)").template, "XAG": Wording("Silver (one troy ounce)").template,
        "XPT": Wording("Platinum (one troy ounce)").template, "XPD": Wording("Palladium (one troy ounce)").template,
    ]

    /// Names some of iso-codes' catalogues leave in English (Russian and Korean lack these):
    /// Cambio's own catalogue says them in those languages.
    static let namesSaidHere = [Wording("Azerbaijan Manat"), Wording("Guinean Franc"), Wording("Comorian Franc"),
                                Wording("Lao Kip"), Wording("Bolívar Soberano")].map(\.template)

    /// A currency's name in the user's language: iso-codes' word, else Cambio's own for the names
    /// it says itself, else nil (the English name stands).
    static func localized(_ name: String, names: ((String) -> String)?, words: ((String) -> String)?) -> String? {
        let iso = names?(name)
        guard iso == name, namesSaidHere.contains(name), let own = words?(name), own != name else { return iso }
        return own
    }

    public enum CatalogError: Error, Equatable, Worded {
        case missingFile(String)
        public var wording: Wording {
            switch self { case .missingFile(let p): return Wording("Currency list not found at %@ (package iso-codes)", .verbatim(p)) }
        }
    }

    public subscript(code: String) -> Currency? { byCode[code] ?? byCode[code.uppercased()] }

    /// Digits after the decimal mark; 2 for a code the catalogue does not know.
    public func minorUnits(_ code: String) -> Int { byCode[code]?.minorUnits ?? 2 }

    public var active: [Currency] { all.filter(\.isActive) }

    /// The most traded currencies (BIS triennial survey order), offered first in pickers.
    public static let popular = ["USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW",
                                 "NOK", "NZD", "INR", "MXN", "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR",
                                 "CZK", "AED", "TRY", "HUF", "CLP", "SAR", "PHP", "MYR", "COP", "RUB", "RON", "PEN"]

    /// Active currencies matching `query` by code, English name or localized name, ignoring case
    /// and accents. Exact code matches first, then codes starting with the query, then names.
    /// `within` narrows the search to some codes.
    public func search(_ query: String, locale: Locale, within: Set<String>? = nil) -> [Currency] {
        let q = query.trimmingCharacters(in: .whitespaces)
        let active = within.map { w in self.active.filter { w.contains($0.code) } } ?? self.active
        if q.isEmpty { return active }
        let fold: (String) -> String = { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: locale) }
        let needle = fold(q)
        var exact: [Currency] = [], prefix: [Currency] = [], named: [Currency] = [], wordStart: [Currency] = [], inside: [Currency] = []
        func startsAWord(_ name: String) -> Bool {
            name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(needle) }
        }
        for c in active {
            let code = fold(c.code)
            if code == needle { exact.append(c); continue }
            if code.hasPrefix(needle) { prefix.append(c); continue }
            let names = [fold(c.localizedName), fold(c.englishName)]
            // A metal or coin by its other names too, in any language ("oro", "золото", "bitcoin").
            let synonyms = MetalsAndCoins.foldedSynonyms[c.code] ?? []
            if synonyms.contains(needle) { named.append(c) }
            else if names.contains(where: startsAWord) || synonyms.contains(where: { $0.hasPrefix(needle) }) { wordStart.append(c) }
            else if names.contains(where: { $0.contains(needle) }) { inside.append(c) }
        }
        // A name with a word that begins so ("Gol": Gold) before one that only holds it (Congolese).
        // A metal or coin named by the very word ("oro") before a name that has it (Córdoba Oro).
        return exact + prefix + named + wordStart + inside
    }
}
