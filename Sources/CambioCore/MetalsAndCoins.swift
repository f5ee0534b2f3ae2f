import Foundation

/// The precious metals and cryptocurrencies Cambio treats as currencies: a curated set, never a
/// provider's long tail (whose tokens sometimes carry another coin's price). Their rates come
/// from currency-api (and Coinbase for coins); fiat never does.
public enum MetalsAndCoins {
    public enum Kind: Sendable { case metal, coin }

    public struct Entry: Sendable {
        public let code: String
        public let kind: Kind
        /// The English name for coins (ours, translated in po/); metals take iso-codes' name.
        public let name: String
        /// Digits shown: a troy ounce to 4, BTC to the satoshi (8); coins with a finer unit
        /// (ETH's wei, SOL's lamport) are cut at 8, stablecoins follow the dollar (2).
        public let minorUnits: Int
        /// A sign in common use (₿), if any.
        public let symbol: String?
        /// Words people search for it by, in the languages Cambio speaks and beyond (lower case).
        public let synonyms: [String]
    }

    public static let entries: [Entry] = [
        Entry(code: "XAU", kind: .metal, name: "Gold", minorUnits: 4, symbol: nil,
              synonyms: ["gold", "oro", "золото", "금", "金"]),
        Entry(code: "XAG", kind: .metal, name: "Silver", minorUnits: 4, symbol: nil,
              synonyms: ["silver", "argento", "plata", "argent", "серебро", "은", "銀"]),
        Entry(code: "XPT", kind: .metal, name: "Platinum", minorUnits: 4, symbol: nil,
              synonyms: ["platinum", "platino", "platine", "платина", "백금"]),
        Entry(code: "XPD", kind: .metal, name: "Palladium", minorUnits: 4, symbol: nil,
              synonyms: ["palladium", "palladio", "paladio", "палладий", "팔라듐"]),
        Entry(code: "BTC", kind: .coin, name: Wording("Bitcoin").template, minorUnits: 8, symbol: "₿",
              synonyms: ["bitcoin", "xbt", "биткоин", "биткойн", "비트코인"]),
        Entry(code: "ETH", kind: .coin, name: Wording("Ethereum").template, minorUnits: 8, symbol: "Ξ",
              synonyms: ["ethereum", "ether", "эфир", "эфириум", "이더리움"]),
        Entry(code: "USDT", kind: .coin, name: Wording("Tether").template, minorUnits: 2, symbol: "₮",
              synonyms: ["tether", "тезер", "테더"]),
        Entry(code: "USDC", kind: .coin, name: Wording("USD Coin").template, minorUnits: 2, symbol: nil,
              synonyms: ["usd coin", "usdcoin"]),
        Entry(code: "XRP", kind: .coin, name: "XRP", minorUnits: 6, symbol: nil,
              synonyms: ["ripple", "рипл", "리플"]),
        Entry(code: "BNB", kind: .coin, name: "BNB", minorUnits: 8, symbol: nil,
              synonyms: ["binance coin", "binance"]),
        Entry(code: "SOL", kind: .coin, name: Wording("Solana").template, minorUnits: 8, symbol: nil,
              synonyms: ["solana", "солана", "솔라나"]),
        Entry(code: "DOGE", kind: .coin, name: Wording("Dogecoin").template, minorUnits: 8, symbol: "Ð",
              synonyms: ["dogecoin", "доджкоин", "도지코인"]),
        Entry(code: "TRX", kind: .coin, name: Wording("TRON").template, minorUnits: 6, symbol: nil,
              synonyms: ["tron", "трон", "트론"]),
        Entry(code: "ADA", kind: .coin, name: Wording("Cardano").template, minorUnits: 6, symbol: "₳",
              synonyms: ["cardano", "кардано", "카르다노"]),
        Entry(code: "LINK", kind: .coin, name: Wording("Chainlink").template, minorUnits: 8, symbol: nil,
              synonyms: ["chainlink", "чейнлинк", "체인링크"]),
        Entry(code: "LTC", kind: .coin, name: Wording("Litecoin").template, minorUnits: 8, symbol: "Ł",
              synonyms: ["litecoin", "лайткоин", "라이트코인"]),
    ]

    private static let byCode: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.code, $0) })

    public static let codes: Set<String> = Set(entries.map(\.code))
    public static let metals: Set<String> = Set(entries.filter { $0.kind == .metal }.map(\.code))
    public static let coins: Set<String> = Set(entries.filter { $0.kind == .coin }.map(\.code))

    public static func entry(_ code: String) -> Entry? { byCode[code] }

    /// Whether a pair has a metal or coin on either side (it converts and has its history in their
    /// sources' publications).
    public static func inPair(_ a: String, _ b: String) -> Bool { codes.contains(a) || codes.contains(b) }

    /// Each one's synonyms folded for case and accents once, for the searches typed letter by letter.
    public static let foldedSynonyms: [String: [String]] = Dictionary(uniqueKeysWithValues: entries.map { ($0.code, $0.synonyms.map(fold)) })

    /// The code a single word names ("gold", "Bitcoin", "золото"), folded for case and accents.
    public static func code(forWord word: String) -> String? {
        let folded = fold(word)
        return wordIndex[folded]
    }

    private static let wordIndex: [String: String] = {
        var index: [String: String] = [:]
        for e in entries {
            for s in e.synonyms + [e.name] where !s.contains(" ") { index[fold(s)] = e.code }
        }
        return index
    }()

    /// Words before a metal that name its unit: "1 oz gold", "2 troy ounces of silver".
    public static let ounceWords: Set<String> = ["oz", "ozt", "ounce", "ounces", "troy", "of", "унция", "унции", "унций", "oncia", "once", "온스"]

    static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }
}
