// What the pages read say together: the one evidence line of the page script, and its words.
import PDFBindCore

extension PageScriptEvidence {
  /// One evidence line from the pages read: every page that points somewhere must point the
  /// same way, and one page alone decides only when it is the only page read.
  static func decide(_ read: [PageReading]) -> Evidence {
    let pageNumbers = read.map(\.page)
    guard !read.isEmpty else {
      return Evidence(source: .pageScript, says: nil, detail: "no page picture could be read")
    }
    let scripts = describe(read)
    let on = Wording.pages(pageNumbers)
    guard let first = read.lazy.compactMap(\.says).first else {
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(on): says nothing about the binding", pages: pageNumbers)
    }
    let leaning = read.filter { $0.leans != nil }
    guard leaning.allSatisfy({ $0.leans == first }) else {
      return Evidence(
        source: .pageScript, says: nil, detail: "\(scripts) on \(on): the pages disagree",
        pages: pageNumbers)
    }
    guard leaning.count >= min(2, read.count) else {
      // Too little to decide, but enough to doubt evidence that points the other way (a
      // book whose one page of Arabic sits beside a double-page picture joining left to right).
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(on): one page alone is too little", pages: pageNumbers,
        leans: first)
    }
    return Evidence(
      source: .pageScript, says: first,
      detail: "\(describe(leaning)) on \(Wording.pages(leaning.map(\.page)))",
      pages: leaning.map(\.page))
  }

  /// `Arabic script`, `Japanese, vertical lines`, `Latin among pictures`: what the pages show,
  /// most common first.
  static func describe(_ pages: [PageReading]) -> String {
    var counts: [String: Int] = [:]
    for page in pages { counts[page.summary, default: 0] += 1 }
    let kinds = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    return kinds.joined(separator: "; ")
  }
}
