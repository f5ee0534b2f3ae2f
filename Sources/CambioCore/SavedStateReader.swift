import Foundation

/// Reads the state file's text (JSON) as state: one bad field costs that field only (named in
/// English, field first); without its list of currencies, a file is not Cambio's state.
/// CambioStore's `StateStore` reads the file and sets aside what is not Cambio's.
public enum SavedStateReader {
    public enum Reading: Equatable, Sendable {
        /// The state, and the fields that were invalid and left at their defaults.
        case state(AppState, ignored: [String])
        /// Not Cambio's state (not JSON, a newer format, no list), and why.
        case notCambios(reason: String)
    }

    /// The file's contents read as state, or why they are not Cambio's.
    public static func read(_ data: Data) -> Reading {
        guard let object = try? JSONSerialization.jsonObject(with: data), let top = object as? [String: Any] else {
            return .notCambios(reason: "it is not valid JSON")
        }
        if let version = top["version"] as? Int, version > AppState.currentVersion {
            return .notCambios(reason: "it was written by a newer version of Cambio (format \(version))")
        }
        var ignored: [String] = []
        // Without its list, a file is not Cambio's state; with it, one bad field costs that field.
        guard let currencies = Self.currencies(top["currencies"], &ignored)?.normalised() else {
            return .notCambios(reason: top["currencies"] == nil ? "the entry \u{201C}currencies\u{201D} is missing"
                            : "the entry \u{201C}currencies\u{201D} is not an object")
        }
        var state = AppState(currencies: currencies)
        if top["settings"] != nil { state.settings = Self.settings(top["settings"], &ignored) }
        if top["converter"] != nil, let converter = Self.converter(top["converter"], &ignored) { state.converter = converter.normalised() }
        if top["investments"] != nil { state.investments = Self.investments(top["investments"], &ignored) }
        if let list = top["userRates"] { state.userRates = UserRates.decode(list, &ignored) }
        return .state(state, ignored: ignored)
    }

    /// A value of the parsed JSON decoded as `T`.
    static func decoded<T: Decodable>(_ value: Any) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
    }

    /// One entry decoded on its own; a bad one is named in `ignored` and gives nil.
    static func field<T: Decodable>(_ top: [String: Any], _ key: String, _ ignored: inout [String]) -> T? {
        guard let value = top[key] else { return nil }
        do {
            return try decoded(value)
        } catch let error as DecodingError {
            ignored.append("\(key): \(describe(error))")
        } catch {
            ignored.append("\(key): not readable")
        }
        return nil
    }

    /// The settings field by field. The privacy switch is read on its own: a value that is not
    /// true or false turns the network off (never silently on).
    static func settings(_ value: Any?, _ ignored: inout [String]) -> PreferenceValues {
        guard let s = value as? [String: Any] else {
            ignored.append("settings: not an object; the network stays off until you turn it on")
            return PreferenceValues(networkAllowed: false)
        }
        var out = PreferenceValues.firstStart
        var sub: [String] = []
        if let v: Provider = field(s, "provider", &sub) { out.provider = v }
        let interval: RefreshInterval? = field(s, "refreshInterval", &sub)
        if let interval { out.refreshInterval = interval }
        if let v: DecimalPlaces = field(s, "decimalPlaces", &sub) { out.decimalPlaces = v }
        var privacy: [String] = []
        if s["networkAllowed"] == nil {
            // Before the privacy switch, "refresh: never" meant no network at all.
            out.networkAllowed = interval.map { $0 != .never } ?? (s["refreshInterval"] == nil)
        } else if let b: Bool = field(s, "networkAllowed", &privacy) {
            out.networkAllowed = b
        } else {
            out.networkAllowed = false
            sub.append("networkAllowed: not true or false; the network stays off until you turn it on")
        }
        ignored += sub.map { "settings.\($0)" }
        return out
    }

    /// A text entry (an amount as typed) of at most `AppState.maxTextLength` characters; a longer one is
    /// named in `ignored` and gives nil, as a bad one does.
    static func text(_ s: [String: Any], _ key: String, _ ignored: inout [String]) -> String? {
        guard let text: String = field(s, key, &ignored) else { return nil }
        guard text.count <= AppState.maxTextLength else {
            ignored.append("\(key): longer than \(AppState.maxTextLength) characters")
            return nil
        }
        return text
    }

    /// The Currencies page's entry, field by field and code by code: a bad field is left for
    /// `CurrencyListState.sanitized` to fill from the first start, and named. Nil when it is not
    /// an object at all.
    static func currencies(_ value: Any?, _ ignored: inout [String]) -> CurrencyListState? {
        guard let s = value as? [String: Any] else { return nil }
        var sub: [String] = []
        var codes: [String] = []
        if let list = s["codes"] as? [Any], list.count > AppState.maxCodes {
            sub.append("codes: more than \(AppState.maxCodes)")
        } else if let list = s["codes"] as? [Any] {
            codes = list.compactMap { $0 as? String }
            if codes.count < list.count { sub.append("codes: \(list.count - codes.count) of \(list.count) not a currency code") }
        } else {
            sub.append(s["codes"] == nil ? "codes: missing" : "codes: not a list")
        }
        let anchorCode: String? = field(s, "anchorCode", &sub)
        let anchorText = text(s, "anchorText", &sub)
        let referenceCode: String? = field(s, "referenceCode", &sub)
        ignored += sub.map { "currencies.\($0)" }
        // An unknown anchor takes the first row and the first start's amount (sanitized).
        return CurrencyListState(codes: codes, anchorCode: anchorText == nil ? "" : anchorCode ?? "",
                                 anchorText: anchorText ?? "", referenceCode: referenceCode ?? "")
    }

    /// The Converter's entry, field by field and favourite by favourite: a bad amount or target
    /// list does not cost the favourites, nor one bad favourite the others. A source or targets
    /// left out are the first start's (`ConverterState.sanitized`).
    static func converter(_ value: Any?, _ ignored: inout [String]) -> ConverterState? {
        guard let s = value as? [String: Any] else {
            ignored.append("converter: not an object")
            return nil
        }
        var sub: [String] = []
        let source: String? = field(s, "source", &sub)
        var targets: [String]? = field(s, "targets", &sub)
        if let list = targets, list.count > AppState.maxCodes {
            sub.append("targets: more than \(AppState.maxCodes)")
            targets = nil
        }
        let amountText = text(s, "amountText", &sub)
        var favourites: [FavouritePair] = []
        if let list = s["favourites"] {
            if let all = list as? [Any] {
                // Beyond the most the window keeps, the first ones are read, the rest named.
                let items = all.prefix(AppState.maxCodes)
                if all.count > AppState.maxCodes { sub.append("favourites: more than \(AppState.maxCodes) (\(all.count)); the first \(AppState.maxCodes) are kept") }
                favourites = items.compactMap { try? decoded($0) }
                if favourites.count < items.count {
                    sub.append("favourites: \(items.count - favourites.count) of \(items.count) not a pair of currency codes")
                }
            } else {
                sub.append("favourites: not a list")
            }
        }
        ignored += sub.map { "converter.\($0)" }
        return ConverterState(source: source ?? "", targets: targets ?? [], amountText: amountText ?? "100", favourites: favourites)
    }

    /// The Investments page's entry, field by field: a bad one is left at its default and named,
    /// the others (the stock chosen, the amounts typed) are kept.
    static func investments(_ value: Any?, _ ignored: inout [String]) -> InvestmentState {
        guard let s = value as? [String: Any] else {
            ignored.append("investments: not an object")
            return InvestmentState()
        }
        var out = InvestmentState()
        var sub: [String] = []
        if let v: StockInfo = field(s, "stock", &sub) { out.stock = v }
        for (key, path) in [("initialText", \InvestmentState.initialText), ("monthlyText", \InvestmentState.monthlyText)] {
            if let v = text(s, key, &sub) { out[keyPath: path] = v }
        }
        if let v: Month = field(s, "start", &sub) { out.start = v }
        if let v: Bool = field(s, "inReference", &sub) { out.inReference = v }
        ignored += sub.map { "investments.\($0)" }
        return out
    }

    /// The privacy choice from a file that is not valid JSON, if its text still says it.
    public static func networkAllowed(inRaw data: Data?) -> Bool? {
        guard let data, let text = String(data: data.prefix(AppState.maxFileBytes), encoding: .utf8) else { return nil }
        guard let r = text.range(of: #""networkAllowed"\s*:\s*(true|false)"#, options: .regularExpression) else { return nil }
        return text[r].hasSuffix("true")
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c):
            return c.codingPath.isEmpty ? c.debugDescription
                : "\(c.debugDescription) at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        case .keyNotFound(let key, _): return "the entry \u{201C}\(key.stringValue)\u{201D} is missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            let at = c.codingPath.map(\.stringValue).joined(separator: ".")
            return at.isEmpty ? "the wrong type" : "the wrong type at \(at)"
        @unknown default: return "it could not be decoded"
        }
    }
}
