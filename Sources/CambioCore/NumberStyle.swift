import Foundation

/// How a locale writes numbers: the marks, read once from ICU and then used without formatters
/// on every keystroke.
public struct NumberStyle: Sendable, Equatable {
    public let decimalSeparator: Character
    public let groupingSeparator: Character
    public let groupingSize: Int
    /// The size of the groups before the last one where the locale groups them otherwise: 2 in
    /// India ("12,34,567"); nil where every group has `groupingSize` digits.
    public let secondaryGroupingSize: Int?

    public init(decimalSeparator: Character, groupingSeparator: Character, groupingSize: Int = 3, secondaryGroupingSize: Int? = nil) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.groupingSize = groupingSize
        self.secondaryGroupingSize = secondaryGroupingSize
    }

    public init(locale: Locale) {
        // The marks without the direction marks some locales write around them.
        func mark(_ text: String?) -> Character? { text?.first { !Self.isDirectionMark($0) } }
        decimalSeparator = mark(locale.decimalSeparator) ?? "."
        groupingSeparator = mark(locale.groupingSeparator) ?? ","
        let nf = NumberFormatter()
        nf.locale = locale
        nf.numberStyle = .decimal
        groupingSize = nf.groupingSize > 0 ? nf.groupingSize : 3
        // The lakh and crore of South Asia (CLDR's "#,##,##0" for these regions), which
        // Foundation's formatter on Linux does not report.
        let secondary = nf.secondaryGroupingSize > 0 && nf.secondaryGroupingSize != groupingSize ? nf.secondaryGroupingSize : nil
        secondaryGroupingSize = secondary ?? (Self.lakhRegions.contains(locale.region?.identifier ?? "") ? 2 : nil)
    }

    /// Where numbers are grouped in lakhs and crores (12,34,567).
    static let lakhRegions: Set<String> = ["IN", "BD", "NP"]

    /// Left-to-right, right-to-left and Arabic letter marks: invisible, they order text.
    static func isDirectionMark(_ c: Character) -> Bool {
        c == "\u{200E}" || c == "\u{200F}" || c == "\u{061C}"
    }

    /// The Arabic script's decimal and group marks (٫ ٬), which `latinised` writes "." and ",".
    static let arabicDecimalMark: Character = "\u{066B}", arabicGroupMark: Character = "\u{066C}"

    /// The style as a text `latinised` is read: the Arabic script's marks as "." and ",".
    var latin: NumberStyle {
        NumberStyle(decimalSeparator: decimalSeparator == Self.arabicDecimalMark ? "." : decimalSeparator,
                    groupingSeparator: groupingSeparator == Self.arabicGroupMark ? "," : groupingSeparator,
                    groupingSize: groupingSize, secondaryGroupingSize: secondaryGroupingSize)
    }

    /// `text` with the digits of any script (Arabic-Indic ٠–٩, Persian ۰–۹, Devanagari ०–९ …)
    /// written as ASCII digits, the Arabic script's marks as "." and ",", and direction marks
    /// left out: what a user types in their locale's own digits reads as it would in ASCII.
    public static func latinised(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var out = ""
        for ch in text where !isDirectionMark(ch) {
            if ch == arabicDecimalMark { out.append("."); continue }
            if ch == arabicGroupMark { out.append(","); continue }
            if ch.unicodeScalars.count == 1, let scalar = ch.unicodeScalars.first, !scalar.isASCII,
               scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
               let digit = Int(exactly: value), (0...9).contains(digit) {
                out.append(Character(String(digit)))
            } else {
                out.append(ch)
            }
        }
        return out
    }

    public static let posix = NumberStyle(decimalSeparator: ".", groupingSeparator: ",")
    /// For machines: "1234.56", no grouping (JSON output).
    public static let plain = NumberStyle(decimalSeparator: ".", groupingSeparator: ",", groupingSize: Int.max)
}

/// Why a typed amount was refused. The UI words it in the user's language.
public enum AmountError: Error, Equatable, Sendable {
    case empty
    case invalidCharacter(Character)
    case misplacedSign
    case misplacedSeparator
    case tooManyDigits(limit: Int)
    /// A sign of another currency than the field's ("$" typed in the euro's row).
    case signOfAnother(code: String)
}

public enum AmountParser {
    /// More digits than this are refused: Decimal keeps 38, and a conversion multiplies.
    public static let maxDigits = 30

    /// Parses what a user typed, in their locale.
    ///
    /// Grouping marks and spaces are ignored. Both `.` and `,` are read as the decimal mark
    /// where that is unambiguous: with both present, the last one is the decimal mark; a mark
    /// that repeats is grouping; a single mark is the decimal mark unless it is the locale's
    /// grouping mark followed by exactly three digits ("1,234" in en_US is 1234, "1,5" is 1.5).
    /// `digitLimit`: more significant digits are refused (calculations allow a few more than
    /// typed amounts, so that a 32-digit result can be read back).
    /// Digits of the locale's script (١٢٣, ۱۲۳, १२३) read as ASCII ones, and Indian grouping
    /// ("12,34,567.89") where the locale groups so.
    public static func parse(_ text: String, style: NumberStyle, digitLimit: Int = maxDigits) -> Result<Decimal, AmountError> {
        let text = NumberStyle.latinised(text), style = style.latin
        do {
            try checkCharacters(text, style: style)
            let (sign, chars) = try signAndMarks(text, style: style)
            let (decimalMark, groupMark) = try separators(chars, style: style)
            let (integer, fraction) = try integerAndFraction(chars, decimalMark: decimalMark, groupMark: groupMark, style: style)
            return .success(try decimal(sign: sign, integer: integer, fraction: fraction, digitLimit: digitLimit))
        } catch {
            return .failure(error)
        }
    }

    /// Spaces and apostrophes group digits only when three digits follow ("1 234,56",
    /// "1'234.5"); "2 3" is not a number.
    private static func isSpaceGroup(_ ch: Character, style: NumberStyle) -> Bool {
        ch.isWhitespace || ch == "'" || ch == "\u{2019}" || ch == "_"
            || (ch == style.groupingSeparator && ch != "." && ch != ",")
    }

    /// Refuses a character no number has, then a space group that does not stand between a digit
    /// (or a sign) and exactly three digits.
    private static func checkCharacters(_ text: String, style: NumberStyle) throws(AmountError) {
        let trimmed = Array(text.trimmingCharacters(in: .whitespacesAndNewlines))
        // A character no number has is the first thing to say ("100 USD": “U”, not the space).
        if let odd = trimmed.first(where: { ch in
            !(isSpaceGroup(ch, style: style) || (ch.isASCII && ch.isNumber) || "-+\u{2212}.,".contains(ch) || ch == style.decimalSeparator)
        }) {
            throw .invalidCharacter(odd)
        }
        var k = 0
        while k < trimmed.count {
            if isSpaceGroup(trimmed[k], style: style) {
                var end = k
                while end < trimmed.count && isSpaceGroup(trimmed[end], style: style) { end += 1 }
                let before = k > 0 ? trimmed[k - 1] : " "
                let digitsAfter = trimmed[end...].prefix { $0.isASCII && $0.isNumber }.count
                let afterDigits = end + digitsAfter < trimmed.count ? trimmed[end + digitsAfter] : "."
                let signBefore = before == "-" || before == "+" || before == "\u{2212}"
                if !signBefore && (!(before.isASCII && before.isNumber) || digitsAfter != 3
                                   || (afterDigits.isASCII && afterDigits.isNumber)) {
                    throw .misplacedSeparator
                }
                k = end
            } else {
                k += 1
            }
        }
    }

    /// The sign ("+" or "-", nil without one), and the digits and marks after it with the space
    /// groups left out and the locale's own decimal mark written ".". Refuses a sign after a
    /// digit or a mark, and marks without a digit.
    private static func signAndMarks(_ text: String, style: NumberStyle) throws(AmountError) -> (sign: Character?, chars: [Character]) {
        var chars: [Character] = []
        var sign: Character? = nil
        var sawDigitOrMark = false
        for ch in text {
            if isSpaceGroup(ch, style: style) { continue } // validated by checkCharacters
            if ch == "-" || ch == "+" || ch == "\u{2212}" {
                if sign != nil || sawDigitOrMark { throw .misplacedSign }
                sign = ch == "+" ? "+" : "-"
                continue
            }
            if ch.isASCII, ch.isNumber {
                chars.append(ch); sawDigitOrMark = true
            } else {
                // A decimal or group mark: any other character was refused by checkCharacters.
                chars.append(ch == style.decimalSeparator && ch != "." && ch != "," ? "." : ch)
                sawDigitOrMark = true
            }
        }
        guard chars.contains(where: \.isNumber) else {
            throw chars.isEmpty && sign == nil ? .empty : .misplacedSeparator
        }
        return (sign, chars)
    }

    /// Which of "." and "," is the decimal mark and which groups digits (nil when absent).
    private static func separators(_ chars: [Character], style: NumberStyle) throws(AmountError)
        -> (decimal: Character?, group: Character?) {
        let dots = chars.filter { $0 == "." }.count
        let commas = chars.filter { $0 == "," }.count
        if dots > 0 && commas > 0 {
            let last = chars.last { $0 == "." || $0 == "," }!
            if chars.filter({ $0 == last }).count > 1 { throw .misplacedSeparator }
            return (last, last == "." ? "," : ".")
        } else if dots + commas > 1 {
            return (nil, dots > 0 ? "." : ",")
        } else if dots + commas == 1 {
            let mark: Character = dots > 0 ? "." : ","
            let after = chars.split(separator: mark, omittingEmptySubsequences: false).last!.count
            if mark == style.groupingSeparator && mark != style.decimalSeparator && after == 3 {
                return (nil, mark)
            }
            return (mark, nil)
        }
        return (nil, nil)
    }

    /// The integer's and the fraction's digits. Refuses a group mark in the fraction, groups
    /// after the first that do not hold exactly three digits (in India: the last three, the
    /// others two), and no digit at all.
    private static func integerAndFraction(_ chars: [Character], decimalMark: Character?, groupMark: Character?,
                                           style: NumberStyle) throws(AmountError)
        -> (integer: String, fraction: String) {
        var integer = ""
        var fraction = ""
        var inFraction = false
        var groups: [Int] = [0]
        for ch in chars {
            if ch == decimalMark {
                inFraction = true
            } else if ch == groupMark {
                if inFraction { throw .misplacedSeparator }
                groups.append(0)
            } else if inFraction {
                fraction.append(ch)
            } else {
                integer.append(ch); groups[groups.count - 1] += 1
            }
        }
        if groupMark != nil && groups.count > 1 {
            // Groups after the first hold exactly three digits, and the first at least one.
            let western = !groups.dropFirst().contains { $0 != 3 }
            let indian = style.secondaryGroupingSize == 2 && groups.last == 3 && groups[0] <= 2
                && !groups.dropFirst().dropLast().contains { $0 != 2 }
            if groups[0] == 0 || !(western || indian) {
                throw .misplacedSeparator
            }
        }
        if integer.isEmpty && fraction.isEmpty { throw .misplacedSeparator }
        return (integer, fraction)
    }

    /// The value, once its significant digits are within `digitLimit`.
    private static func decimal(sign: Character?, integer: String, fraction: String, digitLimit: Int) throws(AmountError) -> Decimal {
        // Significant digits: from the first non-zero one ("0.0001" has one).
        let significant = (integer + fraction).drop { $0 == "0" }.count
        if significant > digitLimit { throw .tooManyDigits(limit: digitLimit) }
        let posix = (sign == "-" ? "-" : "") + (integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction)
        guard let value = Decimal(string: posix, locale: Locale(identifier: "en_US_POSIX")) else {
            throw .misplacedSeparator
        }
        return value
    }
}

extension AmountError {
    /// In English, for the command line (the window words it in the user's language).
    public var english: String {
        switch self {
        case .empty: return "enter an amount"
        case .invalidCharacter(let c): return "\u{201C}\(c)\u{201D} is not part of a number"
        case .misplacedSign: return "a sign can only stand at the start"
        case .misplacedSeparator: return "misplaced decimal or group mark"
        case .tooManyDigits(let limit): return "more than \(limit) digits"
        case .signOfAnother(let code): return Template.fill("the sign of %@, another currency", code)
        }
    }
}
