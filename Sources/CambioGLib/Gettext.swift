import CambioCore
import CGtk
import Foundation

/// Translations through glibc's gettext: the app's own "cambio" domain (`tr`, `trn`) and
/// iso-codes' "iso_4217" domain for currency names.
public enum Gettext {
    public static let domain = "cambio"

    /// Points gettext at the user's languages and the app's compiled catalogues. Call on the main
    /// thread before anything else runs (it sets LANGUAGE), and again when a test switches
    /// languages.
    ///
    /// glibc ignores LANGUAGE while the messages locale is "C" (a locale that was never
    /// generated falls back to it): "C.UTF-8" then stands in, so the catalogues still apply.
    public static func prepare(environment: [String: String], executable: URL = BundledData.executable,
                               sourceTree: URL? = BundledData.sourceTree) {
        let locale = LocaleEnvironment(environment: environment)
        let paths = AppPaths(environment: environment)
        let dataDir = BundledData.directory(environment: environment, executable: executable, paths: paths, sourceTree: sourceTree)
        let current = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        if current == "C" || current == "POSIX" { setlocale(LC_MESSAGES, "C.UTF-8") }
        setenv("LANGUAGE", locale.languages.joined(separator: ":"), 1)
        if let directory = dataDir.flatMap({ BundledData.messageDirectory(dataDir: $0, domain: domain) }) {
            bindtextdomain(domain, directory)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        bind_textdomain_codeset("iso_4217", "UTF-8")
        // Setting the domain also drops translations cached for the previous languages.
        textdomain(domain)
        followLanguageDirection()
    }

    /// Lays widgets out right to left under a right-to-left language (Arabic), as a start in it
    /// would. GTK decides the direction once, in gtk_init, from its own catalogue's translation of
    /// "default:LTR" for the languages then; translations prepared again later (a test switching
    /// LANGUAGE) ask GTK again, so that the windows built after mirror, or stop mirroring. Before
    /// GTK starts (the app's own start) there is nothing to do: gtk_init asks it with these
    /// languages.
    private static func followLanguageDirection() {
        guard gtk_is_initialized() != 0 else { return }
        gtk_widget_set_default_direction(gtk_get_locale_direction())
    }

    /// `msgid` in the user's language (itself when there is no translation).
    /// gettext hands back the very pointer it was given when there is no translation, so the
    /// answer is read while the message's C string is still alive.
    public static func translate(_ msgid: String, domain: String = Gettext.domain) -> String {
        msgid.withCString { id in
            guard let answer = dgettext(domain, id), answer != id else { return msgid }
            return String(cString: answer)
        }
    }

    /// The form of a message with a number in it that the user's language uses for `n`.
    public static func translate(_ singular: String, _ plural: String, _ n: Int, domain: String = Gettext.domain) -> String {
        singular.withCString { one in
            plural.withCString { many in
                guard let answer = dngettext(domain, one, many, UInt(max(0, n))) else { return n == 1 ? singular : plural }
                if answer == one { return singular }
                if answer == many { return plural }
                return String(cString: answer)
            }
        }
    }

    /// Currency names in the user's language, from iso-codes' catalogue.
    public static let currencyName: @Sendable (String) -> String = { translate($0, domain: "iso_4217") }
}

extension Translations {
    /// The view models' messages through gettext, in the user's language.
    public static var gettext: Translations {
        Translations(translate: { Gettext.translate($0) }, translatePlural: { Gettext.translate($0, $1, $2) },
                     isRightToLeft: gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL)
    }
}
