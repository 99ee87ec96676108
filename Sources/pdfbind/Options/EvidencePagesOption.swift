import ArgumentParser
import PDFBindCore
import PDFBindPages

/// `--pages N`, shared by suggest and review: how far the evidence is read.
struct EvidencePagesOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Read text and fonts from the first N pages, and the script in page pictures from the "
        + "first N that hold writing (looked for among the first "
        + "\(BindingAdvisor.pagesLookedAtPerPageRead)N).",
      valueName: "N"))
  var pages = 5

  func validate() throws {
    if pages < 1 { throw ValidationError("--pages must be at least 1.") }
  }
}
