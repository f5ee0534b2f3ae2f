import CambioNet

/// The app's version, as the About window shows it and the user agent sends it.
public enum AppVersion {
    public static var string: String { CambioVersion.string }
}
