import CambioGLib
import CGtk
import CambioCore
import Foundation

/// An HTTP answer: status, headers (lower-case names) and body.
public struct HTTPResponse: Sendable, Equatable {
    public let status: Int
    public let headers: [String: String]
    public let body: Data

    public var etag: String? { headers["etag"] }
    public var lastModified: String? { headers["last-modified"] }
}

/// Why a request failed, specifically enough to tell the user.
public enum NetworkError: Error, Equatable, Sendable, Worded {
    case invalidURL(String)
    /// Plain http:// is only accepted for loopback hosts (tests).
    case insecureURL(String)
    case offline(String)
    case hostNotFound(String)
    case connectionRefused
    case connectionReset
    case timedOut(seconds: Int)
    case tls(String)
    case httpStatus(Int)
    case rateLimited(retryAfter: TimeInterval?)
    case tooLarge(limit: Int)
    /// A redirect to plain http:// on another machine (scheme and host only).
    case insecureRedirect(String)
    case tooManyRedirects(String)
    case cancelled
    /// The user's "Use the network" is off (or not read yet): nothing was sent.
    case networkOff
    case other(String)

    public var wording: Wording {
        switch self {
        case .invalidURL(let u): return Wording("not a valid address: %@", .verbatim(u))
        case .insecureURL(let u): return Wording("refusing plain http:// to a host that is not this machine: %@", .verbatim(u))
        case .offline(let m): return Wording("no network (%@)", .verbatim(m))
        case .hostNotFound(let h): return Wording("the server's name could not be resolved (%@)", .verbatim(h))
        case .connectionRefused: return Wording("the server refused the connection")
        case .connectionReset: return Wording("the connection was cut off before the answer was complete")
        case .timedOut(let s): return Wording("no complete answer within %@ s", .verbatim(s))
        case .tls(let m): return Wording("the secure connection failed (%@)", .verbatim(m))
        case .httpStatus(let code): return Wording("the server answered HTTP %@", .verbatim(code))
        case .rateLimited(let after):
            return after.map { Wording("too many requests; the server asks to wait %@ s", .verbatim(Int($0))) }
                ?? Wording("too many requests")
        case .tooLarge(let limit): return Wording("the answer is larger than %@ MB", .verbatim(limit / 1_000_000))
        case .insecureRedirect(let to): return Wording("refusing to follow a redirect to plain http:// at %@", .quoted(to))
        case .tooManyRedirects(let at):
            return Wording("more than %@ redirects, the last to %@", .verbatim(HTTPClient.maxRedirects), .quoted(at))
        case .cancelled: return Wording("cancelled")
        case .networkOff: return Wording("network access is off")
        case .other(let m): return .verbatim(m)
        }
    }
}

/// The app's one HTTP session (libsoup 3). Every request has an overall deadline, its status is
/// checked, its body is capped, and plain http is refused except to this machine.
///
/// The network gate: the one place that decides whether anything is sent. It is closed until the
/// user's "Use the network" setting has been read and applied with `allowNetwork`.
@MainActor public final class HTTPClient {
    /// The user agent every request carries.
    public static let userAgent = "Cambio/\(CambioVersion.string)"

    /// Whether requests may leave this machine. Off until the user's setting is applied.
    public private(set) var networkAllowed = false
    /// Requests this client actually sent (a refused one is not counted).
    public private(set) var requestsSent = 0

    public func allowNetwork(_ allowed: Bool) { networkAllowed = allowed }

    let session: UnsafeMutablePointer<SoupSession>
    /// The deadline of a whole request, connection to last byte (libsoup's own timeout is per
    /// socket operation).
    public var deadline: TimeInterval = 15
    public var maxBytes = 5 * 1024 * 1024

    public init(userAgent: String) {
        session = soup_session_new()!
        soup_session_set_user_agent(session, userAgent)
        soup_session_set_timeout(session, 15)
    }

    /// True for 127.0.0.0/8, ::1 and localhost.
    public nonisolated static func isLoopback(_ host: String) -> Bool {
        let h = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return h == "localhost" || h == "::1" || h.hasPrefix("127.")
    }

    public nonisolated static func check(_ url: String) throws {
        guard let u = URL(string: url), let scheme = u.scheme?.lowercased(), let host = u.host, !host.isEmpty else {
            throw NetworkError.invalidURL(url)
        }
        switch scheme {
        case "https": return
        case "http" where isLoopback(host): return
        case "http": throw NetworkError.insecureURL(url)
        default: throw NetworkError.invalidURL(url)
        }
    }

    /// How many redirects a request follows.
    public nonisolated static let maxRedirects = 5

    /// GETs `url`. Non-2xx statuses throw, except 304 (returned, for conditional requests).
    /// Redirects are followed here, each one held to the same rule as the first request (https,
    /// or plain http to this machine only), so a redirect cannot carry a query to another host in
    /// the clear; a failure names the host actually contacted.
    /// `errorBodies`: a 4xx or 5xx answer (but 429) is returned with its body rather than thrown,
    /// for a service whose error bodies say what to do (Frankfurter's 422 and 503).
    /// The task's cancellation reaches the request: its connection is closed at once and
    /// `NetworkError.cancelled` thrown; a task cancelled before it begins sends nothing.
    public func get(_ url: String, headers: [String: String] = [:], errorBodies: Bool = false) async throws -> HTTPResponse {
        guard networkAllowed else { throw NetworkError.networkOff }
        try Self.check(url)
        var current = url
        for _ in 0...Self.maxRedirects {
            if Task.isCancelled { throw NetworkError.cancelled }
            switch try await getOnce(current, headers: headers, errorBodies: errorBodies) {
            case .answer(let response): return response
            case .redirect(let location):
                guard let next = URL(string: location, relativeTo: URL(string: current))?.absoluteURL,
                      let host = next.host, !host.isEmpty else { throw NetworkError.invalidURL(Self.hostOnly(current)) }
                do { try Self.check(next.absoluteString) } catch {
                    throw NetworkError.insecureRedirect("\(next.scheme ?? "?")://\(host)")
                }
                current = next.absoluteString
            }
        }
        throw NetworkError.tooManyRedirects(Self.hostOnly(current))
    }

    /// "https://host" of a URL, never its path or query (which may hold a key).
    nonisolated static func hostOnly(_ url: String) -> String {
        guard let u = URL(string: url), let host = u.host else { return "?" }
        return "\(u.scheme ?? "?")://\(host)"
    }

    enum Hop { case answer(HTTPResponse), redirect(String) }

    /// A request's GCancellable, cancelled by its deadline, by a body too large, or from any
    /// thread by the cancellation of the task that waits for it.
    final class Cancel: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<GCancellable> = g_cancellable_new()!
        func cancel() { g_cancellable_cancel(pointer) }
        deinit { g_object_unref(gpointerOf(pointer)) }
    }

    private func getOnce(_ url: String, headers: [String: String], errorBodies: Bool) async throws -> Hop {
        let cancel = Cancel()
        return try await withTaskCancellationHandler {
            try await getOnce(url, headers: headers, errorBodies: errorBodies, cancel: cancel)
        } onCancel: {
            cancel.cancel()
        }
    }

    private func getOnce(_ url: String, headers: [String: String], errorBodies: Bool, cancel: Cancel) async throws -> Hop {
        guard networkAllowed else { throw NetworkError.networkOff }
        // Cancelled before it was sent: nothing is sent.
        if Task.isCancelled { throw NetworkError.cancelled }
        guard let message = soup_message_new("GET", url) else { throw NetworkError.invalidURL(Self.hostOnly(url)) }
        requestsSent += 1
        defer { g_object_unref(gpointerOf(message)) }
        soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let requestHeaders = soup_message_get_request_headers(message)
        for (name, value) in headers { soup_message_headers_replace(requestHeaders, name, value) }

        let cancellable = cancel.pointer
        final class Deadline { var expired = false }
        let deadlineState = Deadline()
        let timer = MainContext.after(milliseconds: UInt32(deadline * 1000)) {
            deadlineState.expired = true
            g_cancellable_cancel(cancellable)
        }
        defer { if !deadlineState.expired { MainContext.cancel(timer) } }
        let seconds = Int(deadline)
        func mapped(_ error: Error) -> Error {
            if deadlineState.expired, case NetworkError.cancelled = error { return NetworkError.timedOut(seconds: seconds) }
            return error
        }

        let stream: GObjectRef
        do {
            stream = try await send(message, url: url, cancellable: cancellable)
        } catch { throw mapped(error) }

        let status = Int(soup_message_get_status(message).rawValue)
        let responseHeaders = Self.headers(soup_message_get_response_headers(message))
        if let redirect = try checkStatus(status, headers: responseHeaders, errorBodies: errorBodies) {
            return redirect
        }
        let body: Data
        do {
            body = try await readBody(stream, url: url, cancellable: cancellable)
        } catch { throw mapped(error) }
        return .answer(HTTPResponse(status: status, headers: responseHeaders, body: body))
    }

    /// Sends the request; the response's stream once its status and headers are in.
    private func send(_ message: OpaquePointer, url: String, cancellable: UnsafeMutablePointer<GCancellable>) async throws -> GObjectRef {
        try await Async.call { done in
            soup_session_send_async(self.session, message, G_PRIORITY_DEFAULT, cancellable, done.callback, done.userData)
        } finish: { result in
            var error: UnsafeMutablePointer<GError>?
            let stream = soup_session_send_finish(self.session, result, &error)
            if let error { throw Self.networkError(error, host: URL(string: url)?.host ?? url) }
            guard let stream else { throw NetworkError.other("no response stream") }
            return GObjectRef(gpointerOf(stream))
        }
    }

    /// A redirect to follow (nil for an answer to read), or why the answer is refused before
    /// its body is read: too many requests, a status not asked for, a length over `maxBytes`.
    private func checkStatus(_ status: Int, headers: [String: String], errorBodies: Bool) throws -> Hop? {
        if [301, 302, 303, 307, 308].contains(status), let location = headers["location"] {
            return .redirect(location)
        }
        if status == 429 {
            throw NetworkError.rateLimited(retryAfter: Self.retryAfter(headers["retry-after"]))
        }
        guard (200..<300).contains(status) || status == 304 || (errorBodies && (400..<600).contains(status)) else {
            throw NetworkError.httpStatus(status)
        }
        if let length = headers["content-length"].flatMap(Int.init), length > maxBytes {
            throw NetworkError.tooLarge(limit: maxBytes)
        }
        return nil
    }

    /// The response's body, read in chunks; the request is cancelled as soon as it passes `maxBytes`.
    private func readBody(_ stream: GObjectRef, url: String, cancellable: UnsafeMutablePointer<GCancellable>) async throws -> Data {
        var body = Data()
        while true {
            let chunk: Data = try await Async.call { done in
                g_input_stream_read_bytes_async(stream.pointer.assumingMemoryBound(to: GInputStream.self), 64 * 1024, G_PRIORITY_DEFAULT, cancellable,
                                                done.callback, done.userData)
            } finish: { result in
                var error: UnsafeMutablePointer<GError>?
                guard let bytes = g_input_stream_read_bytes_finish(stream.pointer.assumingMemoryBound(to: GInputStream.self), result, &error) else {
                    throw Self.networkError(error, host: URL(string: url)?.host ?? url)
                }
                defer { g_bytes_unref(bytes) }
                var size: gsize = 0
                guard let p = g_bytes_get_data(bytes, &size), size > 0 else { return Data() }
                return Data(bytes: p, count: Int(size))
            }
            if chunk.isEmpty { break }
            body.append(chunk)
            if body.count > maxBytes {
                g_cancellable_cancel(cancellable)
                throw NetworkError.tooLarge(limit: maxBytes)
            }
        }
        return body
    }

    static func headers(_ h: OpaquePointer?) -> [String: String] {
        final class Collected { var values: [String: String] = [:] }
        let collected = Collected()
        let box = Unmanaged.passRetained(collected)
        defer { box.release() }
        soup_message_headers_foreach(h, { name, value, data in
            guard let name, let value, let data else { return }
            let c = Unmanaged<Collected>.fromOpaque(data).takeUnretainedValue()
            let key = String(cString: name).lowercased()
            let v = String(cString: value)
            c.values[key] = c.values[key].map { "\($0), \(v)" } ?? v
        }, box.toOpaque())
        return collected.values
    }

    /// Retry-After: seconds, or an HTTP date; never more than `RetryAfter.cap` (a server cannot
    /// block refreshes for years).
    nonisolated static func retryAfter(_ value: String?) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let s = TimeInterval(value), s >= 0, s.isFinite { return min(s, RetryAfter.cap) }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return f.date(from: value).map { min(max(0, $0.timeIntervalSinceNow), RetryAfter.cap) }
    }

    static func networkError(_ error: UnsafeMutablePointer<GError>?, host: String) -> NetworkError {
        guard let error else { return .other("unknown failure") }
        defer { g_error_free(error) }
        let message = String(cString: error.pointee.message)
        let domain = error.pointee.domain, code = error.pointee.code
        if domain == g_resolver_error_quark() { return .hostNotFound(host) }
        if domain == g_tls_error_quark() { return .tls(message) }
        if domain == g_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CANCELLED: return .cancelled
            case G_IO_ERROR_CONNECTION_REFUSED: return .connectionRefused
            case G_IO_ERROR_TIMED_OUT: return .timedOut(seconds: 15)
            case G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_HOST_UNREACHABLE: return .offline(message)
            case G_IO_ERROR_CONNECTION_CLOSED, G_IO_ERROR_BROKEN_PIPE: return .connectionReset
            default: break
            }
            if message.localizedCaseInsensitiveContains("reset") { return .connectionReset }
        }
        if message.localizedCaseInsensitiveContains("terminated unexpectedly") || message.localizedCaseInsensitiveContains("reset") {
            return .connectionReset
        }
        if message.localizedCaseInsensitiveContains("certificate") { return .tls(message) }
        return .other(message)
    }
}

/// GIO's async pattern (start with a callback, finish with the result) as Swift async.
@MainActor enum Async {
    final class Pending: @unchecked Sendable {
        let resume: (OpaquePointer?) -> Void
        init(_ resume: @escaping (OpaquePointer?) -> Void) { self.resume = resume }
    }

    struct Done {
        let callback: GAsyncReadyCallback
        let userData: gpointer
    }

    static func call<T: Sendable>(_ start: (Done) -> Void,
                                  finish: @escaping @MainActor (OpaquePointer?) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            let pending = Pending { result in
                MainActor.assumeIsolated {
                    do { continuation.resume(returning: try finish(result)) } catch { continuation.resume(throwing: error) }
                }
            }
            let callback: GAsyncReadyCallback = { _, result, data in
                Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue().resume(result)
            }
            start(Done(callback: callback, userData: Unmanaged.passRetained(pending).toOpaque()))
        }
    }
}
