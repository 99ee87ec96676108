// Deciding a document's binding from its own evidence: the pages' pictures and text, its fonts,
// language and sidecar files. Here rather than beside the document type, so a program that only
// reads and sets bindings (`import PDFBindCore`) links none of it.
import PDFBindCore
import SystemPackage

extension PDFBindingDocument {
  /// What the document's own evidence says its binding (and layout) should be, read from its
  /// first `pages` pages (the pictures' script: the first `pages` that hold writing);
  /// `sidecarDirectory` is where calibre's `metadata.opf` and `ComicInfo.xml` are looked for
  /// (nil: nowhere). The qpdf read is the document's. Documents suggested at the same time
  /// share `cores` (``SharedCores``); by default this one has the machine to itself.
  public func suggest(
    pages: Int = 5, sidecarDirectory: FilePath?, memory: (any EvidenceMemory)? = nil,
    cores: SharedCores = SharedCores()
  ) throws(BindingError) -> Suggestion {
    try BindingAdvisor(password: password, pages: pages, memory: memory, cores: cores)
      .suggest(file, sidecarDirectory: sidecarDirectory)
  }

  /// `suggest` with the sidecar files looked for beside the document.
  public func suggest(pages: Int = 5) throws(BindingError) -> Suggestion {
    let folder = path.removingLastComponent()
    return try suggest(pages: pages, sidecarDirectory: folder.isEmpty ? "." : folder)
  }

  /// The warning `pdfbind get` adds for a two-page `/PageLayout` without `/Direction` in a
  /// document whose structure (fonts, language, sidecar files) shows right-to-left writing
  /// (nil otherwise; nothing is read for other files). No page is drawn or read for it.
  public func layoutWarning(sidecarDirectory: FilePath?) -> BindingWarning? {
    let advisor = BindingAdvisor(password: password)
    return advisor.layoutWarning(for: report) { () throws(BindingError) in
      try advisor.structuralSuggestion(file, sidecarDirectory: sidecarDirectory)
    }
  }
}
