import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioNet

/// The libsoup client against a local server on 127.0.0.1 serving real payloads and faults.
/// Synchronous tests on the main thread: only the GLib main loop runs, as in the app.
final class HTTPClientTests: XCTestCase {
    var base: String { "http://127.0.0.1:\(FaultServer.port)" }

    func run<T: Sendable>(deadline: TimeInterval = 15, _ body: @escaping @MainActor () async throws -> T) -> Result<T, Error> {
        runOnGLib(deadline: deadline, body)
    }

    func get(_ path: String, deadline: TimeInterval = 15, headers: [String: String] = [:],
             configure: @escaping @MainActor (HTTPClient) -> Void = { _ in }) -> Result<HTTPResponse, Error> {
        let url = base + path
        return run(deadline: deadline + 5) {
            let client = HTTPClient.open("Cambio/test")
            client.deadline = deadline
            configure(client)
            return try await client.get(url, headers: headers)
        }
    }

    func failure(_ r: Result<HTTPResponse, Error>) -> NetworkError? {
        if case .failure(let e) = r { return e as? NetworkError }
        return nil
    }

    func testServesARealPayloadThatParses() throws {
        let response = try get("/fixture/erapi_open_latest_USD_2024-08-19.json").get()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/erapi_open_latest_USD_2024-08-19.json")))
        XCTAssertNotNil(response.etag)
        let snapshot = try ProviderParser.parse(.erapi, response.body, today: Day(iso: "2026-11-22")!)
        XCTAssertEqual(snapshot.base, "USD")
    }

    func testConditionalRequestGets304() throws {
        let first = try get("/fixture/ecb_eurofxref-daily.xml").get()
        let again = try get("/fixture/ecb_eurofxref-daily.xml", headers: ["If-None-Match": first.etag!]).get()
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
        let since = try get("/fixture/ecb_eurofxref-daily.xml", headers: ["If-Modified-Since": first.lastModified!]).get()
        XCTAssertEqual(since.status, 304)
    }

    func testSendsTheUserAgent() throws {
        let r = try get("/echo-headers").get()
        let headers = try JSONDecoder().decode([String: String].self, from: r.body)
        XCTAssertEqual(headers["user-agent"], "Cambio/test")
    }

    func testHTTPStatusesAreErrors() {
        XCTAssertEqual(failure(get("/status/404")), .httpStatus(404))
        XCTAssertEqual(failure(get("/status/422")), .httpStatus(422))
        XCTAssertEqual(failure(get("/status/500")), .httpStatus(500))
        XCTAssertEqual(failure(get("/status/503")), .httpStatus(503))
    }

    func testTooManyRequestsHonoursRetryAfter() {
        XCTAssertEqual(failure(get("/429?after=1200")), .rateLimited(retryAfter: 1200))
    }

    func testRetryAfterAsADate() throws {
        let later = Date().addingTimeInterval(600)
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let seconds = try XCTUnwrap(HTTPClient.retryAfter(f.string(from: later)))
        XCTAssertEqual(seconds, 600, accuracy: 2)
        XCTAssertNil(HTTPClient.retryAfter("soon"))
    }

    /// The server sends its headers, then nothing for 30 s: the request ends at its deadline.
    func testOverallDeadlineOnAHungServer() {
        XCTAssertEqual(failure(get("/slow?seconds=30", deadline: 1.5)), .timedOut(seconds: 1))
    }

    func testConnectionRefused() {
        // A port nothing listens on: bind one, close it, use it.
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(s, $0, len); _ = getsockname(s, $0, &len) } }
        close(s)
        let port = Int(UInt16(bigEndian: addr.sin_port))
        let r = run { try await HTTPClient.open("t").get("http://127.0.0.1:\(port)/") }
        if case .failure(let e) = r { XCTAssertEqual(e as? NetworkError, .connectionRefused) } else { XCTFail() }
    }

    /// Reported as what they are, not as the deadline passing (which would say "timed out").
    func testConnectionResetAndTruncatedBodies() {
        XCTAssertEqual(failure(get("/reset")), .connectionReset)
        XCTAssertEqual(failure(get("/truncated/erapi_open_latest_USD_2024-08-19.json")), .connectionReset,
                       "a body shorter than its Content-Length")
    }

    func testSizeCap() {
        XCTAssertEqual(failure(get("/big?mb=6")), .tooLarge(limit: 5 * 1024 * 1024))
        XCTAssertEqual(failure(get("/biglength?mb=50")), .tooLarge(limit: 5 * 1024 * 1024))
        if case .success(let r) = get("/big?mb=1") { XCTAssertEqual(r.body.count, 1024 * 1024) } else { XCTFail("1 MB is fine") }
    }

    func testBodiesThatAreNotRatesAreRefusedByTheParsers() throws {
        let today = Day(iso: "2026-11-22")!
        for (path, expected) in [("/html", ProviderError.htmlPage), ("/empty", .empty), ("/garbage", .notJSON)] {
            let body = try get(path).get().body
            XCTAssertThrowsError(try ProviderParser.parse(.erapi, body, today: today), path) {
                XCTAssertEqual($0 as? ProviderError, expected, path)
            }
        }
    }

    func testHostNotFound() {
        let r = run { try await HTTPClient.open("t").get("https://cambio-test.invalid/") }
        guard case .failure(let e) = r, let n = e as? NetworkError else { return XCTFail() }
        switch n {
        case .hostNotFound, .offline: break
        default: XCTFail("\(n)")
        }
    }

    func testCertificatesAreChecked() {
        // A self-signed certificate: the connection is refused as insecure, nothing is read.
        let url = "https://127.0.0.1:\(FaultServer.tlsPort)/fixture/erapi_open_latest_USD_2024-08-19.json"
        let r = run { try await HTTPClient.open("t").get(url) }
        guard case .failure(let e) = r, case .tls = e as? NetworkError else { return XCTFail("\(r)") }
    }

    func testPlainHTTPOnlyToThisMachine() {
        XCTAssertThrowsError(try HTTPClient.check("http://api.frankfurter.app/latest")) {
            XCTAssertEqual($0 as? NetworkError, .insecureURL("http://api.frankfurter.app/latest"))
        }
        XCTAssertNoThrow(try HTTPClient.check("http://127.0.0.1:8080/x"))
        XCTAssertNoThrow(try HTTPClient.check("http://localhost/x"))
        XCTAssertNoThrow(try HTTPClient.check("http://[::1]:9/x"))
        XCTAssertNoThrow(try HTTPClient.check("https://open.er-api.com/v6/latest/USD"))
        XCTAssertThrowsError(try HTTPClient.check("ftp://example.org/"))
        XCTAssertThrowsError(try HTTPClient.check("not a url"))
    }

    /// Redirects are held to the first request's rule; the refusal names where it pointed.
    func testRedirectsFollowTheSameRule() throws {
        let fixture = "as/erapi_open_latest_USD_2024-08-19.json"
        let followed = try runOnGLib { try await HTTPClient.open("t").get("http://127.0.0.1:\(FaultServer.port)/redirect/relative/\(fixture)") }.get()
        XCTAssertEqual(followed.status, 200)
        XCTAssertFalse(followed.body.isEmpty)
        let insecure = runOnGLib { try await HTTPClient.open("t").get("http://127.0.0.1:\(FaultServer.port)/redirect/insecure/\(fixture)?apikey=SECRET42") }
        XCTAssertThrowsError(try insecure.get()) { error in
            XCTAssertEqual(error as? NetworkError, .insecureRedirect("http://example.invalid"))
            XCTAssertFalse("\(error)".contains("SECRET42"), "\(error)")
        }
        let loop = runOnGLib { try await HTTPClient.open("t").get("http://127.0.0.1:\(FaultServer.port)/redirect/loop/x") }
        XCTAssertThrowsError(try loop.get()) { XCTAssertEqual($0 as? NetworkError, .tooManyRedirects("http://127.0.0.1")) }
    }

    /// The gate is closed until the user's choice is applied: a new client sends nothing, and
    /// says why, and the server never sees a connection.
    func testTheNetworkIsOffUntilTheUsersChoiceIsApplied() throws {
        let counter = try ConnectionCounter()
        let closed = runOnGLib { () async -> (Result<HTTPResponse, Error>, Int) in
            let client = HTTPClient(userAgent: "t")
            do { return (.success(try await client.get("http://127.0.0.1:\(counter.port)/")), client.requestsSent) } catch {
                return (.failure(error), client.requestsSent)
            }
        }
        let (result, sent) = try closed.get()
        guard case .failure(NetworkError.networkOff) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(sent, 0)
        XCTAssertEqual(NetworkError.networkOff.description, "network access is off")
        let opened = runOnGLib { () async -> Int in
            let client = HTTPClient.open("t")
            client.deadline = 2
            _ = try? await client.get("http://127.0.0.1:\(counter.port)/")
            return client.requestsSent
        }
        XCTAssertEqual(try opened.get(), 1)
        XCTAssertEqual(counter.wait(atLeast: 1), 1, "the counter sees a request when the gate is open")
    }
}

/// A TCP listener on 127.0.0.1 that counts connections and closes each at once.
final class ConnectionCounter: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    private let lock = NSCondition()
    private var accepted = 0

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        listen(fd, 8)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        port = Int(UInt16(bigEndian: addr.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    /// Accepts and closes connections until the socket is shut down.
    private func serve() {
        while true {
            let c = accept(fd, nil, nil)
            if c < 0 { return }
            close(c)
            lock.lock(); accepted += 1; lock.broadcast(); lock.unlock()
        }
    }

    /// The count once it reaches `atLeast` (or after 10 s).
    func wait(atLeast n: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        let end = Date().addingTimeInterval(10)
        while accepted < n && lock.wait(until: end) {}
        return accepted
    }

    deinit { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }
}
