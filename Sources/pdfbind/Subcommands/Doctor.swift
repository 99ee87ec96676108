import ArgumentParser
import PDFBindCore
import PDFBindPages

extension PDFBindCommand {
  struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "doctor",
      abstract: "List the libraries pdfbind loads at run time, and what works without each.",
      discussion: """
        get, set, check, history and revert need none of them. Drawing pages and reading \
        their text (poppler-glib, cairo), the script in page pictures (Tesseract, its osd \
        data, and its eng data for Latin print it is unsure of), JPEG scans (TurboJPEG) and \
        preview's labels (DejaVu Sans) are loaded only by the commands that use them; doctor \
        loads each as they do and says whether it was \
        found, from which file, which commands use it and what they do without it. The exit \
        status is 0 whatever is missing: each library is optional.
        """)

    @Flag(help: "Print one JSON object a line (JSON Lines) instead of text.")
    var json = false

    func run() {
      for library in RuntimeLibrary.inspect() {
        let use = Self.use(of: library.role)
        if json {
          Terminal.out(Self.json(library, use: use).line)
          continue
        }
        let status =
          switch library.availability {
          case .available(let file): "found \(file)"
          case .unavailable(let reason):
            "missing (\(reason)); Debian: apt-get install \(library.debianPackage)"
          }
        Terminal.out(Array("\(library.role.rawValue): \(status)".utf8))
        Terminal.out(Array("  used by: \(use.commands.joined(separator: ", "))".utf8))
        Terminal.out(Array("  without it: \(use.without)".utf8))
      }
      if !json {
        Terminal.out(Array("get, set, check, history and revert need none of them.".utf8))
      }
    }

    /// What the commands that read pictures do without the recogniser of a left-to-right
    /// script that script detection does not know.
    private static func undetectedScript(_ script: String, _ commands: [String]) -> (
      commands: [String], without: String
    ) {
      (
        commands,
        "a page of \(script) print, which Tesseract's script detection does not know and "
          + "reads as an Indic script or Thai it is unsure of, says nothing, as the evidence says"
      )
    }

    /// Which commands use a library, and what they do without it.
    static func use(of role: RuntimeLibrary.Role) -> (commands: [String], without: String) {
      let suggesting = [
        "suggest", "review", "set --auto", "check --auto", "spreads --auto", "preview --auto",
      ]
      return switch role {
      case .poppler:
        (
          ["preview"] + suggesting + ["get (its two-page-layout warning)"],
          "those commands fail on each file and say what to install; get gives no such warning"
        )
      case .cairo:
        (["preview"] + suggesting, "as without poppler-glib, which needs it")
      case .tesseract, .scriptData:
        (
          suggesting,
          "the script in page pictures is not read: the evidence says so, and a scan without "
            + "text or other evidence stays undecided"
        )
      case .wordData:
        (
          suggesting,
          "a page of running text whose script Tesseract reads as Latin, Cyrillic or Greek with "
            + "too little confidence stays uncertain, as the evidence says"
        )
      case .hebrewData:
        (
          suggesting,
          "a page of Hebrew print whose script Tesseract reads with too little confidence, or "
            + "as Arabic, stays uncertain, as the evidence says"
        )
      case .urduData:
        (
          suggesting,
          "a page of Arabic-script writing that Tesseract reads upside down or sideways, or as "
            + "Arabic with too little confidence (Urdu in Nastaliq), says nothing, as the "
            + "evidence says"
        )
      case .syriacData:
        (
          suggesting,
          "a page of Syriac print, which Tesseract takes for Arabic it is unsure of, says "
            + "nothing, as the evidence says"
        )
      case .georgianData: undetectedScript("Georgian", suggesting)
      case .armenianData: undetectedScript("Armenian", suggesting)
      case .myanmarData: undetectedScript("Myanmar", suggesting)
      case .tibetanData: undetectedScript("Tibetan", suggesting)
      case .turboJPEG:
        (suggesting, "poppler draws the pages that are one JPEG scan: the same results, slower")
      case .font:
        (
          ["preview"],
          "its labels are drawn in another sans-serif font, or not at all if there is none"
        )
      }
    }

    static func json(
      _ library: RuntimeLibrary, use: (commands: [String], without: String)
    ) -> JSONLine {
      var line = JSONLine()
      line.add("library", .string(library.role.rawValue))
      line.add("name", .string(library.name))
      line.add("package", .string(library.debianPackage))
      switch library.availability {
      case .available(let file):
        line.add("found", .boolean(true))
        line.add("file", .string(file))
        line.add("reason", .null)
      case .unavailable(let reason):
        line.add("found", .boolean(false))
        line.add("file", .null)
        line.add("reason", .string(reason.description))
      }
      line.add("used_by", .array(use.commands.map { .string($0) }))
      line.add("without", .string(use.without))
      return line
    }
  }
}
