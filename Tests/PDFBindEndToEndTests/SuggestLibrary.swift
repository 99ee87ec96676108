import Foundation
import PDFBindTestSupport

/// A suite whose tests each work on a copy of Fixtures/suggest of their own (`library`,
/// sidecar folders included), so what `set` writes never reaches the fixtures.
protocol SuggestLibrary {
  var library: String { get }
}

extension SuggestLibrary {
  /// A new copy of Fixtures/suggest, as `library` in a temporary folder of its own.
  static func copyOfLibrary() throws -> String {
    let library = try Fixture.temporaryDirectory().appendingPathComponent("library").path
    try FileManager.default.copyItem(atPath: Fixture.path("suggest"), toPath: library)
    return library
  }

  func path(_ name: String) -> String { library + "/" + name }
}
