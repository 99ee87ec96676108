import ArgumentParser
import Glibc
import PDFBindCore
import PDFBindPages

@main
struct PDFBindCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pdfbind",
    abstract: "Read and set the page binding (/Direction) of PDF documents.",
    discussion: """
      Right-to-left books need /Direction /R2L in the catalog's /ViewerPreferences to be bound \
      on the right edge. pdfbind reads that entry and sets it by appending an incremental \
      update, so the original bytes, earlier revisions and signatures stay intact.

      Exit status: 0 success; 1 check found a file with another binding; 2 a file could not \
      be read or updated (every other file is still processed); 64 the command line is wrong.
      """,
    version: "pdfbind \(PDFBind.version)",
    subcommands: [
      Get.self, Set.self, Check.self, Spreads.self, Preview.self, Suggest.self, History.self,
      Revert.self, Review.self, Cache.self, Doctor.self,
    ]
  )

  static func main() {
    // pdfbind started again as a page worker serves page requests and never gets further.
    PageWorker.runIfAsked()
    FaultHandler.install()
    // A batch's pictures and replies come from the heap and stay there for the next file
    // (trimmed after a file that left more than `FreedMemory.kept` free): glibc's own
    // thresholds gave the heap back after each and faulted it in again, 52,000 page faults
    // on review's main thread over bench/review's 1,000 books against 5,000.
    FreedMemory.keepBlocksInHeap()
    // The everyday forms of get, set and check skip ArgumentParser's start-up (CommonForms);
    // what they throw is reported as ArgumentParser's main would report it.
    if let request = CommonForms.parse(Array(CommandLine.arguments.dropFirst())) {
      do {
        try request.run()
      } catch let status as ExitCode {
        // A status alone (1: check found another binding; 2: a file failed) is all that
        // exit(withError:) makes of it, after casts that scan the conformances again.
        Glibc.exit(status.rawValue)
      } catch {
        exit(withError: error)
      }
      return
    }
    main(nil)
  }
}
