/// The app's version, sent in the user agent.
public enum CambioVersion {
    public static let string = "0.6.0"
}
