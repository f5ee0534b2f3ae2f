import CambioCore
import Foundation

/// Finds the bundled data (`data/`): `$CAMBIO_DATA_DIR`, then beside an installed binary
/// (`<prefix>/share/cambio`), then the XDG data dirs, then the source tree of a development build.
public enum BundledData {
    public static let marker = "eurofxref-hist.csv"
    /// The ECB's history as a read-only SQLite file, built from `marker` with the program and
    /// shared by every user.
    public static let sharedHistory = "ecb-history.sqlite"

    /// This process's executable, wherever it was started from (argv[0] may be a bare name
    /// found on PATH).
    public static var executable: URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.path == "/proc/self/exe" ? URL(fileURLWithPath: CommandLine.arguments[0]) : exe
    }

    /// The package's source tree, for a development build run from `.build/`. Release builds
    /// (what `make install` installs) never look there: they find their data where installed.
    public static var sourceTree: URL? {
        #if DEBUG
        let tree = URL(fileURLWithPath: #filePath) // <tree>/Sources/CambioGLib/BundledData.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: tree.appendingPathComponent("Package.swift").path) ? tree : nil
        #else
        return nil
        #endif
    }

    /// Where the compiled catalogues are: `data/locale` in the source tree (`make locale`), the
    /// `share/locale` beside an installed `share/cambio`, then the system's.
    /// The first of `localeDirectories` that holds a compiled catalogue of `domain` (gettext's
    /// `bindtextdomain` takes one folder).
    public static func messageDirectory(dataDir: URL, domain: String) -> String? {
        localeDirectories(dataDir: dataDir).first { dir in
            let languages = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return languages.contains { FileManager.default.fileExists(atPath: "\(dir)/\($0)/LC_MESSAGES/\(domain).mo") }
        }
    }

    public static func localeDirectories(dataDir: URL) -> [String] {
        [dataDir.appendingPathComponent("locale").path,
         dataDir.deletingLastPathComponent().appendingPathComponent("locale").path,
         "/usr/share/locale"]
    }

    public static func directory(environment: [String: String], executable: URL, paths: AppPaths,
                                 sourceTree: URL?) -> URL? {
        var candidates: [URL] = []
        if let d = environment["CAMBIO_DATA_DIR"], !d.isEmpty { candidates.append(URL(fileURLWithPath: d)) }
        let bin = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(bin.deletingLastPathComponent().appendingPathComponent("share/cambio"))
        candidates += ([paths.dataHome] + paths.dataDirs).map { $0.appendingPathComponent("cambio") }
        if let sourceTree { candidates.append(sourceTree.appendingPathComponent("data")) }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path) }
    }
}
