import Foundation
import PDFBindTestSupport

/// The dynamic loader's own account (`LD_DEBUG=libs`) of the libraries a run of pdfbind
/// initialises, in pdfbind and in every process it starts: one file a process
/// (`LD_DEBUG_OUTPUT`), read together, since page workers discard their standard error.
enum LoaderTrace {
  /// The run's exit status and the trace of all its processes.
  static func of(_ arguments: [String]) throws -> (status: Int32, trace: String) {
    let folder = try Fixture.temporaryDirectory()
    let prefix = folder.appendingPathComponent("loader").path
    let result = try PDFBindRunner.run(
      arguments, environment: ["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": prefix])
    let trace = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      try String(contentsOfFile: folder.appendingPathComponent($0).path, encoding: .utf8)
    }.joined()
    return (result.status, trace)
  }
}
