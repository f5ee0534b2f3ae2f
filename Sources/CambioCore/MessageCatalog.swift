import Foundation

/// A compiled gettext catalogue (.mo file), read without libintl.
///
/// Reading the file directly keeps translations working even when the system has not
/// generated the user's locale (setlocale would then fall back to "C" and gettext to English).
public struct MessageCatalog: Sendable {
    private let table: [String: String]

    public init(translations: [String: String]) { table = translations }

    /// Parses the bytes of a .mo file. Returns nil for anything that is not a valid catalogue.
    public init?(data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 28 else { return nil }
        func u32(_ offset: Int, _ bigEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let b = bytes[offset..<offset + 4].map(UInt32.init)
            let v = bigEndian ? (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3])
                              : (b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
            return Int(v)
        }
        let big: Bool
        switch u32(0, false) {
        case 0x9504_12de: big = false
        case 0xde12_0495: big = true
        default: return nil
        }
        guard let count = u32(8, big), let originals = u32(12, big), let translations = u32(16, big),
              count < 1_000_000 else { return nil }
        func string(_ table: Int, _ index: Int) -> String? {
            guard let length = u32(table + index * 8, big), let offset = u32(table + index * 8 + 4, big),
                  offset + length <= bytes.count else { return nil }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        var result: [String: String] = [:]
        result.reserveCapacity(count)
        for i in 0..<count {
            guard let key = string(originals, i), let value = string(translations, i) else { return nil }
            if key.isEmpty { continue } // the header entry
            // Plural entries hold "singular\0plural"; keep the first form of each.
            let singularKey = key.split(separator: "\0", omittingEmptySubsequences: false).first.map(String.init) ?? key
            let first = value.split(separator: "\0", omittingEmptySubsequences: false).first.map(String.init) ?? value
            if !first.isEmpty { result[singularKey] = first }
        }
        table = result
    }

    /// Loads `<dir>/<language>/LC_MESSAGES/<domain>.mo` for the first language that has one.
    public static func load(domain: String, languages: [String], localeDirs: [String]) -> MessageCatalog? {
        for language in languages {
            for dir in localeDirs {
                let path = "\(dir)/\(language)/LC_MESSAGES/\(domain).mo"
                if let data = FileManager.default.contents(atPath: path), let catalog = MessageCatalog(data: data) {
                    return catalog
                }
            }
        }
        return nil
    }

    public func translate(_ message: String) -> String { table[message] ?? message }
    public var count: Int { table.count }
}
