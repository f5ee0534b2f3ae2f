import Foundation

/// An exact decimal as a 128-bit integer count of 10^-scale units: 12.5 is (125, 1).
///
/// The per-keystroke conversion of a whole currency list runs in this form: one exact product,
/// one exact quotient and a single half-up rounding to the target's minor units. Values too
/// large for 128 bits are left to `Decimal`.
public struct FixedDecimal: Sendable, Equatable {
    public let units: Int128
    public let scale: Int

    public init(units: Int128, scale: Int) {
        self.units = units; self.scale = scale
    }

    /// Exactly `value`, or nil when it needs more than 38 digits.
    public init?(_ value: Decimal) {
        let text = value.description // POSIX: "-123.456", never an exponent
        var units: Int128 = 0
        var scale = 0
        var negative = false
        var seenPoint = false
        for ch in text.utf8 {
            switch ch {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (m, o1) = units.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int128(ch - UInt8(ascii: "0")))
                if o1 || o2 { return nil }
                units = s
                if seenPoint { scale += 1 }
            default: return nil
            }
        }
        self.init(units: negative ? -units : units, scale: scale)
    }

    static let powersOf10: [Int128] = {
        var p: [Int128] = [1]
        for _ in 1...38 { p.append(p.last! * 10) }
        return p
    }()

    static func multiply(_ a: Int128, byPowerOf10 n: Int) -> Int128? {
        guard n >= 0, n < powersOf10.count else { return nil }
        let (r, o) = a.multipliedReportingOverflow(by: powersOf10[n])
        return o ? nil : r
    }

    /// `self * to / from`, rounded half away from zero to `places` digits, as units of
    /// 10^-places; nil if an intermediate value leaves 128 bits.
    public func converted(from: FixedDecimal, to: FixedDecimal, places: Int) -> Int128? {
        guard from.units > 0 else { return nil }
        // units·to·10^(from.scale + places) / (from·10^(scale + to.scale))
        let (product, overflow) = units.multipliedReportingOverflow(by: to.units)
        if overflow { return nil }
        let net = from.scale + places - scale - to.scale
        var numerator = product
        var denominator = from.units
        if net >= 0 {
            guard let n = Self.multiply(numerator, byPowerOf10: net) else { return nil }
            numerator = n
        } else {
            guard let d = Self.multiply(denominator, byPowerOf10: -net) else { return nil }
            denominator = d
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let r = remainder.magnitude
        if r >= denominator.magnitude - r { // 2r >= d, without overflow
            return quotient + (numerator < 0 ? -1 : 1)
        }
        return quotient
    }
}
