import XCTest
@testable import CambioCore
import CambioTestSupport

/// The XML reader the ECB's and the Bank of Russia's answers are read with (no libxml2): what it
/// reads, and every document it refuses, in words.
final class XMLReaderTests: XCTestCase {
    func events(_ text: String) throws -> [XMLReader.Event] {
        var out: [XMLReader.Event] = []
        try XMLReader.read(text) { out.append($0) }
        return out
    }

    func refused(_ text: String, _ problem: XMLReader.Problem, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try events(text), file: file, line: line) {
            XCTAssertEqual($0 as? XMLReader.Problem, problem, file: file, line: line)
        }
    }

    func testElementsAttributesTextAndReferences() throws {
        let doc = "<!-- a comment --><?pi x?>\n<a:Root x='1' y=\"a &amp; b &#65;&#x42;\">t&lt;1<![CDATA[<raw>]]><b/><!-- c --></a:Root>\n"
        XCTAssertEqual(try events(doc), [
            .start(name: "a:Root", attributes: ["x": "1", "y": "a & b AB"]),
            .text("t<1<raw>"),
            .start(name: "b", attributes: [:]), .end(name: "b"),
            .end(name: "a:Root"),
        ])
    }

    func testTheRecordedAnswersReadAsBefore() throws {
        for name in ["ecb_eurofxref-daily.xml", "ecb_eurofxref-hist-90d.xml"] {
            let text = String(decoding: try Fixture.data(name), as: UTF8.self)
            var cubes = 0
            try XMLReader.read(String(text[text.range(of: "?>")!.upperBound...])) { if case .start("Cube", _) = $0 { cubes += 1 } }
            XCTAssertGreaterThan(cubes, 30, name)
        }
    }

    func testNoEntityIsDeclaredOrExpanded() {
        // A billion laughs, an external entity (XXE) and a DTD: never read.
        let bomb = """
        <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>
        """
        refused(String(bomb[bomb.range(of: "?>")!.upperBound...]), .documentType)
        refused("<!DOCTYPE r [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><r>&xxe;</r>", .documentType)
        refused("<r>&xxe;</r>", .entity("xxe"))
        refused("<r a='&lol;'/>", .entity("lol"))
        refused("<!ELEMENT r ANY><r/>", .malformed(line: 1, column: 1, what: "a declaration Cambio does not read"))
    }

    func testWhatIsNotWellFormedIsRefusedSayingWhere() {
        refused("<a><b></a>", .malformed(line: 1, column: 7, what: "</a> closes <b>"))
        refused("<a>\n <b x=1/></a>", .malformed(line: 2, column: 7, what: "a quoted value expected"))
        refused("<a x='1' x='2'/>", .malformed(line: 1, column: 15, what: "the attribute x twice"))
        refused("<a/><b/>", .malformed(line: 1, column: 5, what: "a second root element"))
        refused("text<a/>", .malformed(line: 1, column: 5, what: "text outside the root element"))
        refused("<a x='<'/>", .malformed(line: 1, column: 7, what: "“<” in an attribute's value"))
        refused("<a>&#0;</a>", .malformed(line: 1, column: 8, what: "the character reference &#0; names no character"))
        refused("</a>", .malformed(line: 1, column: 1, what: "an end tag </a> without its start"))
        for cut in ["<a", "<a x='1", "<a><b>", "<a><!-- ", "<a><![CDATA[x", "<a>&am", ""] {
            refused(cut, .truncated)
        }
    }

    func testADocumentNestedDeepIsReadWithoutRecursion() throws {
        let depth = 200_000
        var count = 0
        try XMLReader.read(String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)) { _ in count += 1 }
        XCTAssertEqual(count, 2 * depth)
    }
}
