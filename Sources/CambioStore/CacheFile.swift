import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One answer kept on disk as JSON, read and written the same way by every cache (rates,
/// stocks): a file too large, that does not decode or that its cache refuses is set aside
/// (renamed) and said; one that cannot be read at all (its permissions, a folder or a FIFO in
/// its place) is kept as it is, said, and never replaced.
public enum CacheFile {
    /// Far larger than any provider's answer (the ECB's 90-day history is about 200 KB).
    public static let maxBytes = 20_000_000

    public enum Read<Answer: Sendable, Value: Sendable>: Sendable {
        case missing
        case loaded(Answer, Value)
        case setAside(path: String, reason: String)
        case unreadable(path: String, reason: String)
    }

    /// `file`'s answer, decoded as `Answer` and then checked (`check` throws to refuse it).
    public static func read<Answer: Decodable & Sendable, Value: Sendable>(
        _ file: URL, as _: Answer.Type, now: Date, check: (Answer) throws -> Value) -> Read<Answer, Value> {
        let data: Data
        do {
            guard let d = try SmallFile.read(file, limit: maxBytes) else { return .missing }
            data = d
        } catch FileProblem.tooLarge(let path, let limit) {
            let aside = SetAside.rename(file, reason: FileProblem.tooLarge(path: path, limit: limit).description, now: now)
            return .setAside(path: aside.path, reason: aside.reason)
        } catch {
            return .unreadable(path: file.path, reason: Wording(error: error).description)
        }
        let reason: String
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            let answer = try decoder.decode(Answer.self, from: data)
            return .loaded(answer, try check(answer))
        } catch {
            reason = Wording(error: error).description
        }
        let aside = SetAside.rename(file, reason: reason, now: now)
        return .setAside(path: aside.path, reason: aside.reason)
    }

    /// Replaces `file` with `answer` atomically. A file there that cannot be read is not
    /// replaced (what it holds would be lost): its problem is thrown instead.
    public static func write<Answer: Encodable>(_ answer: Answer, to file: URL, mode: mode_t = 0o644) throws {
        if access(file.path, F_OK) == 0 {
            do { _ = try SmallFile.read(file, limit: maxBytes) } catch let p as FileProblem {
                if case .tooLarge = p {} else { throw p }
            }
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        try SmallFile.write(try encoder.encode(answer), to: file, mode: mode)
    }
}
