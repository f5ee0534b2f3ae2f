import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

