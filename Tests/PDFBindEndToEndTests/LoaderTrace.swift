import Foundation
import PDFBindTestSupport

/// The dynamic loader's own account (`LD_DEBUG=libs`) of the libraries a run of pdfbind
/// initialises, in pdfbind and in every process it starts: one file a process
/// (`LD_DEBUG_OUTPUT`), read together, since page workers discard their standard error.
enum LoaderTrace {
  static func of(_ arguments: [String]) throws -> String {
    let folder = try Fixture.temporaryDirectory()
    let prefix = folder.appendingPathComponent("loader").path
    _ = try PDFBindRunner.run(
      arguments, environment: ["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": prefix])
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      try String(contentsOfFile: folder.appendingPathComponent($0).path, encoding: .utf8)
    }.joined()
  }
}
