import Foundation

/// XDG base directories and Cambio's places in them.
public struct AppPaths: Sendable {
    public let dataHome: URL
    public let configHome: URL
    public let cacheHome: URL
    public let dataDirs: [URL]

    public init(environment: [String: String]) {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory())
        func dir(_ key: String, _ fallback: String) -> URL {
            if let v = environment[key], v.hasPrefix("/") { return URL(fileURLWithPath: v) }
            return home.appendingPathComponent(fallback)
        }
        dataHome = dir("XDG_DATA_HOME", ".local/share")
        configHome = dir("XDG_CONFIG_HOME", ".config")
        cacheHome = dir("XDG_CACHE_HOME", ".cache")
        let dirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").filter { $0.hasPrefix("/") }
        dataDirs = dirs.map { URL(fileURLWithPath: String($0)) }
    }

    public static var current: AppPaths { AppPaths(environment: ProcessInfo.processInfo.environment) }

    /// `$XDG_DATA_HOME/cambio/state.json`.
    public var stateFile: URL { dataHome.appendingPathComponent("cambio/state.json") }
    /// The user's rate alerts (`AlertFile`).
    public var alertsFile: URL { dataHome.appendingPathComponent("cambio/alerts.json") }
    /// Every rate Cambio knows, day by day (SQLite).
    public var historyFile: URL { dataHome.appendingPathComponent("cambio/history.sqlite") }
}
