import SystemPackage

/// What a two-page view of one file shows: the binding and the pairing, each either the file's
/// own or one the user asked to try (`--as`, `--cover`/`--no-cover`).
public struct SpreadView: Equatable, Sendable {
  /// The binding the file holds.
  public var fileBinding: PageBinding
  public var filePageLayout: PageLayoutEntry
  /// `--as`, when given.
  public var asBinding: PageBinding?
  /// `--cover` (true) or `--no-cover` (false), when given.
  public var coverOption: Bool?

  public init(
    fileBinding: PageBinding, filePageLayout: PageLayoutEntry, asBinding: PageBinding? = nil,
    coverOption: Bool? = nil
  ) {
    self.fileBinding = fileBinding
    self.filePageLayout = filePageLayout
    self.asBinding = asBinding
    self.coverOption = coverOption
  }

  /// The binding shown: `--as`, else the file's; `unknown` is laid out as `left-edge`.
  public var binding: PageBinding { asBinding ?? fileBinding }
  public var laidOutAs: PageBinding { binding == .rightEdge ? .rightEdge : .leftEdge }

  /// Whether page 1 stands alone: the option, else the file's two-page /PageLayout; any other
  /// layout (none, single page, one column) pairs from page 1, as a plain two-page view does.
  public var cover: Bool { coverOption ?? filePageLayout.cover ?? false }

  public func spreads(pageCount: Int) -> [[Int]] {
    Spreads.pairs(pageCount: pageCount, binding: laidOutAs, cover: cover)
  }

  /// "right-edge binding", "unknown binding, laid out as left-edge", "left-edge binding (--as;
  /// the file says unknown)".
  public var bindingDescription: String {
    if let asBinding {
      let shown =
        asBinding == .unknown
        ? "unknown binding, laid out as left-edge" : "\(asBinding.rawValue) binding"
      return "\(shown) (--as; the file says \(fileBinding.rawValue))"
    }
    return binding == .unknown
      ? "unknown binding, laid out as left-edge" : "\(binding.rawValue) binding"
  }

  /// "/TwoPageRight: page 1 alone", "no two-page /PageLayout: pairs from page 1", "--cover:
  /// page 1 alone".
  public var layoutDescription: String {
    let pairing = cover ? "page 1 alone" : "pairs from page 1"
    if let coverOption { return "\(coverOption ? "--cover" : "--no-cover"): \(pairing)" }
    switch filePageLayout {
    case .name(let name) where filePageLayout.cover != nil: return "/\(name): \(pairing)"
    case .name(let name): return "/PageLayout /\(name), not two-page: \(pairing)"
    case .absent, .other: return "no two-page /PageLayout: \(pairing)"
    }
  }
}

/// A rendered preview: the PNG and what the user should know about it.
public struct PreviewPicture: Sendable {
  public var png: [UInt8]
  public var warnings: [String]
}

/// Draws the chosen spreads of one file into one PNG with poppler and cairo, loaded at run time.
public enum Preview {
  /// `spreads` are the spread numbers (from 1) to draw out of `view.spreads(pageCount:)`;
  /// `name` is what the header calls the file.
  public static func render(
    _ path: FilePath, password: String?, name: String, pageCount: Int, view: SpreadView,
    spreads range: ClosedRange<Int>?, pageHeight: Int
  ) throws(BindingError) -> PreviewPicture {
    let poppler = try Poppler(path: path, password: password)
    let all = view.spreads(pageCount: pageCount)
    let chosen = range.map { Array(all[($0.lowerBound - 1)..<$0.upperBound]) } ?? []
    var header = "\(name)  ·  \(view.bindingDescription)  ·  \(view.layoutDescription)  ·  "
    header +=
      all.isEmpty
      ? "no pages"
      : "spread\(chosen.count == 1 ? "" : "s") \(range.map(describe) ?? "") of \(all.count)"

    // Each page keeps its own shape; a page poppler cannot load takes the first good one's.
    let height = Double(pageHeight)
    var sizes: [Int: (width: Double, height: Double)] = [:]
    for number in chosen.joined() { sizes[number] = poppler.pageSize(number - 1) }
    let fallback = chosen.joined().lazy.compactMap { sizes[$0] }.first ?? (595, 842)
    let pageWidth = { (number: Int) -> Double in
      let size = sizes[number] ?? fallback
      return max(1, height * size.width / size.height)
    }
    let layout = PreviewLayout(
      spreads: chosen, binding: view.laidOutAs, cover: view.cover, pageHeight: pageHeight,
      pageWidth: pageWidth,
      headerWidth: poppler.textWidth(header, size: PreviewLayout.headerSize, bold: true))

    try poppler.beginCanvas(width: layout.width, height: layout.height, background: .background)
    poppler.text(
      header, x: PreviewLayout.margin, baseline: layout.headerBaseline,
      size: PreviewLayout.headerSize, bold: true, .text)
    var warnings: [String] = []
    for spread in layout.spreads {
      for page in spread.pages {
        if !poppler.drawPage(page.number - 1, in: page.rect) {
          drawBlank(page, on: poppler, labelSize: layout.labelSize)
          warnings.append(
            "page \(page.number) cannot be rendered by poppler; it is drawn as a labelled blank")
        }
        let label = "\(page.number)"
        let labelWidth = poppler.textWidth(label, size: layout.labelSize)
        poppler.text(
          label, x: page.rect.x + (page.rect.width - labelWidth) / 2,
          baseline: spread.spineBottom + layout.labelSize * 1.3, size: layout.labelSize, .text)
      }
      poppler.line(
        from: (spread.spineX, spread.spineTop), to: (spread.spineX, spread.spineBottom),
        width: PreviewLayout.spineWidth, .spine)
    }
    return PreviewPicture(png: try poppler.png(), warnings: warnings)
  }

  private static func describe(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
  }

  /// A white page with a grey cross and "page N / cannot be rendered".
  private static func drawBlank(
    _ page: PreviewLayout.PlacedPage, on poppler: Poppler, labelSize: Double
  ) {
    let rect = page.rect
    poppler.fill(rect, .blank)
    poppler.line(
      from: (rect.x, rect.y), to: (rect.x + rect.width, rect.y + rect.height), width: 1, .blankInk)
    poppler.line(
      from: (rect.x + rect.width, rect.y), to: (rect.x, rect.y + rect.height), width: 1, .blankInk)
    for (index, line) in ["page \(page.number)", "cannot be rendered"].enumerated() {
      let width = poppler.textWidth(line, size: labelSize)
      let y = rect.y + rect.height / 2 + Double(index) * labelSize * 1.4
      poppler.fill(
        Rect(
          x: rect.x + (rect.width - width) / 2 - 4, y: y - labelSize, width: width + 8,
          height: labelSize * 1.4), .blank)
      poppler.text(line, x: rect.x + (rect.width - width) / 2, baseline: y, size: labelSize, .text)
    }
  }
}

extension Preview {
  /// Writes `png` to `path` (created or truncated), or to standard output when `path` is nil.
  public static func write(_ png: [UInt8], to path: FilePath?) throws(BindingError) {
    let operation = "writing " + (path.map { "\($0)" } ?? "standard output")
    do {
      guard let path else { return try FileIO.write(.standardOutput, png) }
      let descriptor = try FileDescriptor.open(
        path, .writeOnly, options: [.create, .truncate],
        permissions: [.ownerReadWrite, .groupRead, .otherRead]
      )
      try descriptor.closeAfter { try FileIO.write(descriptor, png) }
    } catch let error as Errno {
      throw error == .noSpace
        ? .writeFailed(operation: operation, reason: "no space left on the device")
        : .writeFailed(operation: operation, reason: error.description)
    } catch {
      throw .writeFailed(operation: operation, reason: "\(error)")
    }
  }
}
