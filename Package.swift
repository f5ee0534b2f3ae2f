// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Cambio",
    products: [
        .executable(name: "cambio", targets: ["cambio"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // GTK 4, libadwaita 1.2 and libsoup 3 through pkg-config; shim.h wraps what Swift cannot import.
        .systemLibrary(
            name: "CGtk",
            path: "CGtk",
            pkgConfig: "gtk4 libadwaita-1 libsoup-3.0",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev", "libsoup-3.0-dev"])]
        ),
        // Every rule of the product. No C import, no file system: tested without a display or a disk.
        .target(name: "CambioCore", path: "Sources/CambioCore"),
        // Signals, object lifetimes, the GLib main loop bridge for Swift concurrency.
        .target(name: "CambioGLib", dependencies: ["CambioCore", "CGtk"], path: "Sources/CambioGLib"),
        // The one libsoup session: deadlines, status checks, size caps.
        .target(name: "CambioNet", dependencies: ["CambioCore", "CambioGLib", "CambioStore", "CGtk"], path: "Sources/CambioNet"),
        // Everything on disk: the rate history (SQLite through GRDB, with a schema version and
        // migrations), the state file, the caches, the API key, the file lock.
        .target(name: "CambioStore", dependencies: ["CambioCore", .product(name: "GRDB", package: "GRDB.swift")],
                path: "Sources/CambioStore"),
        // The one engine of the window and the command line: preferences (GSettings), the network
        // gate, rates and their fallback, the history, stocks. No widgets.
        .target(name: "CambioServices", dependencies: ["CambioCore", "CambioGLib", "CambioNet", "CambioStore"],
                path: "Sources/CambioServices"),
        // Screens: bind widgets to the domain.
        .target(name: "CambioUI", dependencies: ["CambioCore", "CambioGLib", "CambioServices"],
                path: "Sources/CambioUI"),
        // The command line: convert, rates, refresh.
        .target(name: "CambioCLI", dependencies: ["CambioCore", "CambioNet", "CambioGLib", "CambioStore", "CambioServices",
                                                  .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/CambioCLI"),
        // Names the crash reporter shipped with the self-contained build before the Swift runtime starts.
        // DWARF 4: valgrind 3.19 (make bench counts instructions with it) cannot read clang's DWARF 5.
        .target(name: "CambioBacktrace", path: "Sources/CambioBacktrace", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .executableTarget(name: "cambio", dependencies: ["CambioUI", "CambioCLI", "CambioCore", "CambioGLib", "CambioServices", "CambioBacktrace", "CGtk"],
                          path: "Sources/cambio"),
        // Benchmark helpers (make bench): an empty GTK 4 window built the same way, and timings.
        // Builds the shared ECB history at build time (make), never installed.
        .executableTarget(name: "cambio-history-bundle", dependencies: ["CambioStore", "CambioCore"], path: "Sources/cambio-history-bundle"),
        .executableTarget(name: "cambio-empty-window", dependencies: ["CambioGLib", "CGtk"], path: "Sources/cambio-empty-window"),
        .executableTarget(name: "cambio-bench", dependencies: ["CambioUI", "CambioCore", "CambioStore", "CambioServices", "CambioNet", "CambioGLib", "CGtk"], path: "Sources/cambio-bench"),
        // What the unit test targets share (fixtures, a scratch folder, a few figures); only tests link it.
        .target(name: "CambioTestSupport", dependencies: ["CambioCore"], path: "Tests/CambioTestSupport"),
        .testTarget(name: "CambioCoreTests", dependencies: ["CambioCore", "CambioTestSupport"], path: "Tests/CambioCoreTests"),
        .testTarget(name: "CambioStoreTests", dependencies: ["CambioStore", "CambioServices", "CambioGLib", "CambioCore", "CambioTestSupport"], path: "Tests/CambioStoreTests"),
        .testTarget(name: "CambioNetTests", dependencies: ["CambioTestSupport", "CambioNet", "CambioServices", "CambioStore", "CambioCLI", "CambioCore", "CambioGLib", "CGtk"], path: "Tests/CambioNetTests",
                    exclude: ["fault_server.py", "frankfurter_v2.py"]),
        .testTarget(name: "CambioUITests", dependencies: ["CambioUI", "CambioServices", "CambioStore", "CambioCore", "CambioGLib", "CGtk"], path: "Tests/CambioUITests"),
    ],
    swiftLanguageModes: [.v6]
)
