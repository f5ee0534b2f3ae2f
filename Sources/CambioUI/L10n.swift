import CambioCore

/// UI translations: the "cambio" gettext domain, read from compiled catalogues.
@MainActor enum L10n {
    static var catalog: MessageCatalog?
}

/// Marks and translates a user-visible string.
@MainActor func tr(_ message: String) -> String {
    L10n.catalog?.translate(message) ?? message
}

/// Words an amount parse error for the user.
@MainActor func describe(_ error: AmountError) -> String {
    switch error {
    case .empty: return tr("Enter an amount")
    case .invalidCharacter(let c): return String(format: tr("\u{201C}%@\u{201D} is not part of a number"), String(c))
    case .misplacedSign: return tr("A sign can only stand at the start")
    case .misplacedSeparator: return tr("Misplaced decimal or group mark")
    case .tooManyDigits(let limit): return String(format: tr("More than %d digits"), limit)
    }
}

/// Words an expression error for the user: short, and never NaN or inf.
@MainActor func describe(_ error: ExpressionError) -> String {
    switch error {
    case .empty: return tr("Enter an amount")
    case .divisionByZero: return tr("Division by zero")
    case .overflow: return tr("The result is too large")
    case .malformed(let detail): return String(format: tr("Not a calculation: %@"), detail)
    }
}

/// Words a domain error for the user, in their language; errors from elsewhere keep their text.
@MainActor func describe(_ error: Error) -> String {
    switch error {
    case let e as APIKeyStore.KeyError:
        switch e {
        case .invalid: return tr("An Alpha Vantage key is letters and digits only")
        case .write(let why): return String(format: tr("The key could not be saved (%@)"), why)
        }
    default:
        return "\(error)"
    }
}

/// Marks and translates a message with a number in it: the user's language picks the form.
@MainActor func trn(_ singular: String, _ plural: String, _ n: Int) -> String {
    L10n.catalog?.translate(singular, plural, n) ?? (n == 1 ? singular : plural)
}
