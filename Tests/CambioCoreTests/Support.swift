import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

extension CurrencyCatalog {
    /// This system's catalogue (iso-codes' JSON), read here as CambioStore's loader reads it.
    static func isoCodes(names: ((String) -> String)?, words: ((String) -> String)? = nil) throws -> CurrencyCatalog {
        try CurrencyCatalog(isoCodesJSON: Data(contentsOf: URL(fileURLWithPath: "/usr/share/iso-codes/json/iso_4217.json")),
                            names: names, words: words)
    }
}

