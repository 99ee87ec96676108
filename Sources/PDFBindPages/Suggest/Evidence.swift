import PDFBindCore

/// One thing pdfbind found that bears on a document's binding.
public struct Evidence: Equatable, Sendable {
  /// Where it was found, in the order evidence is weighed (SPEC, "suggest").
  public enum Source: String, Sendable, CaseIterable {
    case declared
    case metadataOPF = "metadata.opf"
    case comicInfo = "ComicInfo.xml"
    case pageDirection = "PageDirection"
    case fonts
    case layout
    case text
    /// The layout of the lines where the letters are mixed (issue 19, item 4).
    case lines
    case lang = "Lang"
    case xmp = "XMP"
    /// The script of the writing the page images show (SPEC, round 3, evidence 7).
    case pageScript = "page-script"
    /// Double-page pictures joining across the spine (SPEC, round 3, evidence 8).
    case spreads
  }

  public var source: Source
  /// The binding this evidence points to; nil when it points nowhere (no text, a CJK language…).
  public var says: PageBinding?
  /// What was found, in words: `91% of letters in Arabic script on pages 1-5`.
  public var detail: String
  /// False for evidence reported but not counted: the declared binding (never mixed into the
  /// decision) and `/Lang` or XMP when the pages hold text (they only corroborate).
  public var weighed: Bool
  /// The page numbers (from 1) it rests on; empty when it names none.
  public var pages: [Int]
  /// The pairing it shows a two-page view must use (`.cover` or `.noCover`): the double-page
  /// pictures fix it; nil for evidence that says nothing about the pairing.
  public var layout: PageArrangement?
  /// The way it points when it is too little to decide on its own (one page of script among
  /// pictures): it decides nothing, but weighed evidence pointing the other way is then in
  /// doubt, and the file stays undecided.
  public var leans: PageBinding?

  public init(
    source: Source, says: PageBinding?, detail: String, weighed: Bool = true, pages: [Int] = [],
    layout: PageArrangement? = nil, leans: PageBinding? = nil
  ) {
    self.source = source
    self.says = says
    self.detail = detail
    self.weighed = weighed
    self.pages = pages
    self.layout = layout
    self.leans = leans
  }
}

extension Evidence {
  /// One line, saying nothing, for each thing that stopped pages (from 1) being drawn or
  /// read, with the pages it stopped, in page order: `pages 1-4 not read: a scan of 244×379
  /// pixels, …`. Past `stoppedLines` things (sizes that differ from page to page, a broken
  /// file's every page its own reason), the rest share the last line, which names the first.
  static func stopped(_ notes: [(page: Int, what: String)], source: Source) -> [Evidence] {
    var order: [String] = []
    var pagesOf: [String: [Int]] = [:]
    for note in notes.sorted(by: { $0.page < $1.page }) {
      if pagesOf[note.what] == nil { order.append(note.what) }
      pagesOf[note.what, default: []].append(note.page)
    }
    let kept = order.count <= stoppedLines ? order[...] : order.prefix(stoppedLines - 1)
    var lines = kept.map { "\(Wording.pages(pagesOf[$0]!)) \($0)" }
    // `order` follows the pages: the first of the rest is the first page they stopped.
    let rest = order.dropFirst(kept.count)
    if let first = rest.first {
      lines.append(
        "\(Wording.pages(rest.flatMap { pagesOf[$0]! })) stopped for \(rest.count) other "
          + "reasons; \(Wording.pages([pagesOf[first]![0]])) \(first)")
    }
    return lines.map { Evidence(source: source, says: nil, detail: $0) }
  }

  /// The most lines `stopped` gives one source.
  static let stoppedLines = 3
}

/// What `suggest` concludes for one file.
public struct Suggestion: Equatable, Sendable {
  /// `.leftEdge` or `.rightEdge`; nil means undecided.
  public var decision: PageBinding?
  /// The pairing the double-page pictures fix (`.cover` or `.noCover`), when they all agree on
  /// one; nil otherwise. It stands even when the binding is undecided: which pages share a
  /// picture does not depend on the direction it runs in (see `decideLayout`).
  public var layout: PageArrangement?
  /// What `get` reads in the file: its own /Direction and /PageLayout, and its warnings.
  public var report: BindingReport
  /// Everything found, declared first, then in the order it is weighed.
  public var evidence: [Evidence]
  /// Why it is undecided, when it is.
  public var undecidedReason: String?
  /// Whether some page work was stopped by this run rather than by the page (the clock of a
  /// busy machine: `PageWorkFailure.isTransient`), so another run may find more: such
  /// evidence is never remembered.
  package var foundTransiently = false

  /// The file's own binding (`.unknown` when it has no valid `/Direction`).
  public var declared: PageBinding { report.binding }
  /// Warnings about the file (damage, an unexpected /Direction value).
  public var warnings: [BindingWarning] { report.warnings }

  /// True when a valid declared binding and a decided suggestion differ.
  public var conflict: Bool {
    guard let decision, declared != .unknown else { return false }
    return decision != declared
  }

  /// The binding `set --auto` writes: the decision, on a file without a valid `/Direction`
  /// (a declared binding is never overridden); nil when the file keeps its binding.
  public var bindingToSet: PageBinding? { declared == .unknown ? decision : nil }

  /// The layout `set`, `check`, `spreads`, `preview` and `review` act on with `--auto`: only
  /// with a decided binding, as an undecided file is left and shown as it is.
  public var decidedLayout: PageArrangement? { decision == nil ? nil : layout }

  /// The pairing `set --auto` writes: the decided layout, on a file without a two-page
  /// `/PageLayout` (a declared one is never overridden) and whose declared binding does not
  /// contradict the decision; nil when the file keeps its layout.
  public var layoutToSet: PageArrangement? {
    report.pageLayout.cover == nil && !conflict ? decidedLayout : nil
  }

  /// `check --auto`: false only when a decided suggestion differs from the declared (or
  /// missing) binding, or a decided layout from the file's `/PageLayout`; an undecided file
  /// agrees.
  public var agreesWithDeclared: Bool {
    (decision.map { $0 == declared } ?? true)
      && (decidedLayout.map { report.pageLayout.isExactly($0) } ?? true)
  }

  /// Applies the decision rule to `evidence` (the declared binding is passed apart).
  init(report: BindingReport, evidence found: [Evidence]) {
    self.report = report
    let declared = report.binding
    var all = found
    if declared != .unknown {
      all.insert(
        Evidence(source: .declared, says: declared, detail: declared.rawValue, weighed: false),
        at: 0)
    }
    evidence = all
    let (decision, reason) = Self.decide(found)
    self.decision = decision
    undecidedReason = reason
    layout = Self.decideLayout(found)
  }

  /// The pairing every weighed item that shows one agrees on; none, or two that disagree, is
  /// nil. Evidence that disagrees about the binding leaves the pairing standing: on the
  /// labelled image books of bench/suggest (twelve sets: seeds 3-12, 19 and 2027) all 28
  /// books left undecided that way whose pictures agreed on a pairing were paired right (a
  /// script misread more often than a picture joined wrongly).
  static func decideLayout(_ evidence: [Evidence]) -> PageArrangement? {
    let shown = evidence.filter { $0.weighed }.compactMap(\.layout)
    guard let first = shown.first, shown.allSatisfy({ $0 == first }) else { return nil }
    return first
  }

  /// Every weighed item that points somewhere must point the same way; no such item, or two
  /// that disagree, leave the file undecided. pdfbind never guesses.
  static func decide(_ evidence: [Evidence]) -> (PageBinding?, String?) {
    let pointing = evidence.filter { $0.weighed && $0.says != nil }
    guard let first = pointing.first?.says else {
      let details = evidence.filter { $0.source != .declared }.map {
        "\($0.source.label): \($0.detail)"
      }
      // "no evidence" would be wrong for a bilingual text: it is evidence, pointing nowhere.
      return (
        nil,
        details.isEmpty
          ? "no evidence" : "nothing points either way: " + details.joined(separator: "; ")
      )
    }
    let doubting = evidence.filter { $0.weighed && $0.leans != nil && $0.leans != first }
    if pointing.allSatisfy({ $0.says == first }), doubting.isEmpty { return (first, nil) }
    let sides =
      pointing.map { "\($0.source.label) says \($0.says!.rawValue)" }
      + doubting.map { "\($0.source.label) leans \($0.leans!.rawValue)" }
    return (nil, "evidence disagrees: " + sides.joined(separator: ", "))
  }
}

extension Evidence.Source {
  /// The name shown in text reports (`/Lang`, `/PageDirection`).
  public var label: String {
    switch self {
    case .lang: "/Lang"
    case .pageDirection: "/PageDirection"
    default: rawValue
    }
  }
}

/// The words evidence details share: page lists and shares.
package enum Wording {
  /// `page 1` or `pages 1-5`: the first `count` pages.
  static func firstPages(_ count: Int) -> String {
    count <= 1 ? "page 1" : "pages 1-\(count)"
  }

  /// `page 4`, `pages 2-5`, `pages 1-3, 7 and 9`: page numbers (from 1), in runs.
  package static func pages(_ numbers: [Int]) -> String {
    let sorted = Set(numbers).sorted()
    var runs: [String] = []
    var index = 0
    while index < sorted.count {
      var end = index
      while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
      runs.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
      index = end + 1
    }
    let word = sorted.count == 1 ? "page " : "pages "
    guard runs.count > 1 else { return word + (runs.first ?? "") }
    return word + runs.dropLast().joined(separator: ", ") + " and " + runs.last!
  }

  /// `91%`: a share from 0 to 1, rounded down.
  static func percent(_ share: Double) -> String {
    "\(Int((share * 100).rounded(.down)))%"
  }
}
