import CambioCore
import CambioGLib

/// Marks and translates a user-visible string (glibc's gettext, the "cambio" domain).
@MainActor func tr(_ message: String) -> String {
    Gettext.translate(message)
}

/// Words an amount parse error for the user.
@MainActor func describe(_ error: AmountError) -> String { error.text(L10n.translations) }

/// Words a domain error for the user, in their language; errors from elsewhere keep their text.
@MainActor func describe(_ error: Error) -> String { say(Wording(error: error)) }

/// A domain message in the user's language.
@MainActor func say(_ wording: Wording) -> String { wording.text { tr($0) } }

/// Marks and translates a message with a number in it: the user's language picks the form.
@MainActor func trn(_ singular: String, _ plural: String, _ n: Int) -> String {
    Gettext.translate(singular, plural, n)
}

/// A rate source's name as the user reads it; the stored name (in caches, the history) stays English.
@MainActor func sourceName(_ stored: String) -> String { say(Publication.sourceName(stored)) }

enum L10n {
    /// The view models' messages through gettext.
    static var translations: Translations {
        .gettext
    }
}
