import Foundation
import PDFBindTestSupport

/// A suite whose tests each have a copy of Fixtures/suggest (`library`) and a cache folder
/// (`XDG_CACHE_HOME`) of their own, and run pdfbind with the cache on.
protocol CachedLibrary {
  var library: String { get }
  var cacheHome: String { get }
}

extension CachedLibrary {
  /// A new copy of Fixtures/suggest and a cache folder not made yet, in a temporary folder.
  static func makeLibrary() throws -> (library: String, cacheHome: String) {
    let directory = try Fixture.temporaryDirectory()
    let library = directory.appendingPathComponent("library").path
    try FileManager.default.copyItem(atPath: Fixture.path("suggest"), toPath: library)
    return (library, directory.appendingPathComponent("cache").path)
  }

  /// The cache's folder and its SQLite file.
  var folder: String { cacheHome + "/pdfbind" }
  var database: String { folder + "/decisions.sqlite" }

  /// The environment that gives pdfbind this cache, on.
  var cacheEnvironment: [String: String] { ["XDG_CACHE_HOME": cacheHome, "PDFBIND_CACHE": "on"] }

  func path(_ name: String) -> String { library + "/" + name }

  func run(_ arguments: [String], _ environment: [String: String] = [:]) throws
    -> ProcessResult
  {
    try PDFBindRunner.run(arguments, environment: cacheEnvironment.merging(environment) { $1 })
  }
}
