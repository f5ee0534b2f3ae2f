import CambioCore
import Foundation

extension CurrencyCatalog {
    /// The catalogue of this system: iso-codes' JSON, its names translated by `names`.
    public static func system(names: ((String) -> String)?, words: ((String) -> String)? = nil,
                              isoCodesPath: String = "/usr/share/iso-codes/json/iso_4217.json") throws -> CurrencyCatalog {
        guard let data = FileManager.default.contents(atPath: isoCodesPath) else {
            throw CatalogError.missingFile(isoCodesPath)
        }
        return try CurrencyCatalog(isoCodesJSON: data, names: names, words: words)
    }
}
