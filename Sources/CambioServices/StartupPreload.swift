import CambioCore
import Foundation

/// Loads `StartupData` on its own thread; `wait()` hands it over.
public final class StartupPreload: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data: StartupData?

    public init(environment: [String: String], executable: URL, sourceTree: URL?, names: (@Sendable (String) -> String)? = nil,
                words: (@Sendable (String) -> String)? = nil) {
        Thread.detachNewThread { [self] in
            data = StartupData.load(environment: environment, executable: executable, sourceTree: sourceTree, names: names, words: words)
            done.signal()
        }
    }

    public func wait() -> StartupData {
        done.wait()
        done.signal() // later calls return at once
        return data!
    }
}
