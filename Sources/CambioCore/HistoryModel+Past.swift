import Foundation

/// An amount on a past date: "100 EUR = 108.25 USD · rate of Fri, Oct 25, 2024 (ECB)".
extension HistoryModel {
    /// The date button's face: "Oct 26, 2024".
    public var pastDayText: String { days.string(pastDay) }

    /// The date button's accessible name: "Date: Oct 26, 2024".
    public var pastDayName: Wording { Wording("Date: %@", .verbatim(pastDayText)) }

    /// The amount at the rate of the day asked, or of the last day published before it (a
    /// weekend, a holiday, a day the pair was not published, a day after the newest known).
    /// A day before the history's first (4 Jan 1999 for the ECB) has no rate, nor has a day
    /// after `today` (as on the command line): no rate is known for it yet.
    public func past(today: Day) -> PastConversion {
        guard let h = history else { return .notLoaded }
        switch ExpressionEvaluator.evaluate(pastAmount, style: formatter.style) {
        case .failure(let e):
            return .invalid(Wording(error: e))
        case .success(let amount):
            guard pastDay <= today else {
                return .noRate(Wording("%@ is in the future: no rate is known for it yet", .verbatim(pastDayText)))
            }
            guard let p = h.point(onOrBefore: pastDay) else {
                return .noRate(Wording("No published rate for %@ and %@ on or before %@",
                                       .verbatim(from), .verbatim(to), .verbatim(pastDayText)))
            }
            let converted = formatter.money(amount * p.rate, code: to, minorUnits: catalog.minorUnits(to))
            // TRANSLATORS: a conversion on a past date: "100 USD = 89.51 EUR · rate of 30 October 2026 (ECB)"; with currency signs on, "$100 = €89.51 · …".
            let line = Wording("%@ = %@ · rate of %@ (%@)",
                               .verbatim(formatter.money(text: formatter.exact(amount), code: from)), .verbatim(converted),
                               .verbatim(longDays.string(p.day)), p.publisher)
            // A publication without the pair between the day used and the day asked.
            let skipped = h.gaps.contains { $0 > p.day && $0 <= pastDay }
            return .converted(line, note: skipped ? Wording("not published on the day asked") : nil)
        }
    }
}

/// What the past-date line says.
public enum PastConversion: Sendable, Equatable, CustomStringConvertible {
    /// No history read yet: the line is empty.
    case notLoaded
    /// The amount is not a number or a calculation: why (the entry is marked).
    case invalid(Wording)
    /// No rate on or before the day asked.
    case noRate(Wording)
    /// The conversion, and a note when the pair was not published on the day asked.
    case converted(Wording, note: Wording?)

    /// The line in the user's language.
    public func text(_ translate: (String) -> String) -> String {
        switch self {
        case .notLoaded: return ""
        case .invalid(let w), .noRate(let w): return w.text(translate)
        case .converted(let line, let note):
            return ([line] + [note].compactMap { $0 }).map { $0.text(translate) }.joined(separator: " \u{00B7} ")
        }
    }

    /// Whether the amount reads as a number; nil before a history is read (the entry is left as it is).
    public var amountIsValid: Bool? {
        switch self {
        case .notLoaded: return nil
        case .invalid: return false
        case .noRate, .converted: return true
        }
    }

    /// English.
    public var description: String { text { $0 } }
}
