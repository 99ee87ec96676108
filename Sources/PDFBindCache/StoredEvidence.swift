import Foundation
import PDFBindCore
import PDFBindPages

/// One item of evidence as the cache stores it: every field of `Evidence`, by its raw values,
/// so what comes back is equal to what went in (the output with the cache is byte for byte the
/// output without it).
struct StoredEvidence: Codable, Equatable {
  var source: String
  var says: String?
  var detail: String
  var weighed: Bool
  var pages: [Int]
  var layout: String?
  var leans: String?

  init(_ evidence: Evidence) {
    source = evidence.source.rawValue
    says = evidence.says?.rawValue
    detail = evidence.detail
    weighed = evidence.weighed
    pages = evidence.pages
    layout = evidence.layout?.rawValue
    leans = evidence.leans?.rawValue
  }

  /// The evidence, or nil when a name is not one this pdfbind knows.
  var evidence: Evidence? {
    guard let source = Evidence.Source(rawValue: source) else { return nil }
    func binding(_ name: String?) -> PageBinding?? {
      guard let name else { return .some(nil) }
      return PageBinding(rawValue: name).map { .some($0) }
    }
    var arrangement: PageArrangement?? = .some(nil)
    if let layout { arrangement = PageArrangement(rawValue: layout).map { .some($0) } }
    guard let says = binding(says), let leans = binding(leans), let layout = arrangement
    else { return nil }
    return Evidence(
      source: source, says: says, detail: detail, weighed: weighed, pages: pages,
      layout: layout, leans: leans)
  }

  /// The JSON the cache keeps for a file's evidence.
  static func encode(_ evidence: [Evidence]) -> Data? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try? encoder.encode(evidence.map(StoredEvidence.init))
  }

  /// The evidence `encode` kept; nil when it cannot be read back whole.
  static func decode(_ data: Data) -> [Evidence]? {
    guard let stored = try? JSONDecoder().decode([StoredEvidence].self, from: data) else {
      return nil
    }
    let evidence = stored.compactMap(\.evidence)
    return evidence.count == stored.count ? evidence : nil
  }
}
