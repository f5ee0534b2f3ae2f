import Foundation
import XCTest

/// CambioCore keeps the rules and the view models: it touches no file system, takes no lock and
/// starts no thread (CambioStore, CambioServices and CambioGLib do). This reads its sources.
final class LayeringTests: XCTestCase {
    static let forbidden = [
        #"FileManager"#, #"FileHandle"#, #"contentsOfFile"#, #"contentsOf: *URL"#, #"Data\(contentsOf"#,
        #"\.write\(to"#, #"\bfopen\("#, #"\bflock\("#, #"\bopen\([^)]*O_[A-Z]"#, #"\brename\("#, #"\bunlink\("#,
        #"\bmkdir\("#, #"\bopendir\("#, #"\bl?stat\("#, #"\bchmod\("#, #"\breadlink\("#, #"\brealpath\("#,
        #"\baccess\("#, #"\bThread\b"#, #"DispatchQueue"#, #"DispatchSemaphore"#, #"\bpthread"#, #"\bNSLock\b"#,
        #"import Glibc"#,
    ]

    func testCambioCoreTouchesNoFileSystemLockOrThread() throws {
        let folder = Fixture.repo.appendingPathComponent("Sources/CambioCore")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(files.count, 40, "the sources were found")
        let pattern = try NSRegularExpression(pattern: Self.forbidden.joined(separator: "|"))
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Comments may name them: only what comes before `//` counts.
                let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
                let range = NSRange(code.startIndex..., in: code)
                if pattern.firstMatch(in: code, range: range) != nil { found.append("\(file):\(n + 1): \(line)") }
            }
        }
        XCTAssertEqual(found, [], "CambioCore does file-system I/O, locking or threads; move it to CambioStore")
    }
}
