import XCTest
import CGtk
import CambioGLib
import CambioCore
@testable import CambioNet
import CambioTestSupport

/// Runs `body` on the main actor, iterating only the GLib main loop, as the app does.
/// Call from a synchronous test (main thread, outside any dispatch job).
func runOnGLib<T: Sendable>(deadline: TimeInterval = 15, _ body: @escaping @MainActor () async throws -> T) -> Result<T, Error> {
    MainActor.assumeIsolated {
        MainContext.run(deadline: deadline, body) ?? .failure(NetworkError.other("test deadline"))
    }
}

/// Tests/CambioNetTests/fault_server.py on 127.0.0.1, started once per test process. It exits
/// when its standard input closes, that is when this process ends.
enum FaultServer {
    nonisolated(unsafe) private static var processes: [Process] = []
    nonisolated(unsafe) private static var inputs: [Pipe] = []

    static let port: Int = start([])
    /// The same server over HTTPS with a self-signed certificate.
    static let tlsPort: Int = start(["--tls"])

    private static func start(_ arguments: [String]) -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fault_server.py").path] + arguments
        let out = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardInput = inp
        try! p.run()
        var line = Data()
        while !line.contains(0x0A) { line.append(out.fileHandleForReading.availableData) }
        processes.append(p)
        inputs.append(inp)
        return Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))!
    }
}

extension HTTPClient {
    /// A client whose gate is open, as after the user's "Use the network: on" was read.
    @MainActor static func open(_ userAgent: String) -> HTTPClient {
        let client = HTTPClient(userAgent: userAgent)
        client.allowNetwork(true)
        return client
    }
}

func dec(_ s: String) -> Decimal { Decimal(string: s, locale: Locale(identifier: "en_US_POSIX"))! }
func day(_ s: String) -> Day { Day(iso: s)! }
