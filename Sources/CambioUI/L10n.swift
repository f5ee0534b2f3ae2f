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
