import CambioCore
import CambioStore
import Foundation

// Builds the shared, read-only ECB history (`make` runs it): cambio-history-bundle CSV OUT.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    StandardError.write("usage: cambio-history-bundle eurofxref-hist.csv ecb-history.sqlite\n")
    exit(2)
}
do {
    let csv = try Data(contentsOf: URL(fileURLWithPath: arguments[1]), options: .alwaysMapped)
    try HistoryStore.buildBundle(csv: csv, at: URL(fileURLWithPath: arguments[2]))
} catch {
    StandardError.write("cambio-history-bundle: \(Wording(error: error))\n")
    exit(1)
}
