import CambioCore
import CambioStore
import Foundation

// Builds the shared, read-only ECB history (`make` runs it): cambio-history-bundle CSV OUT.
// A build tool, run by make with standard error open: it writes there through FileHandle
// (no CambioGLib for `StandardError`).
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: cambio-history-bundle eurofxref-hist.csv ecb-history.sqlite\n".utf8))
    exit(2)
}
do {
    let csv = try Data(contentsOf: URL(fileURLWithPath: arguments[1]), options: .alwaysMapped)
    try HistoryStore.buildBundle(csv: csv, at: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("cambio-history-bundle: \(Wording(error: error))\n".utf8))
    exit(1)
}
