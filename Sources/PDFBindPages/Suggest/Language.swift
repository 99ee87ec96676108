import PDFBindCore

/// What a language tag (BCP 47 `ar-EG`, ISO 639-2 `heb`, calibre's `ara`) says about binding.
enum LanguageTag {
  /// Languages normally written in a right-to-left script.
  private static let rightToLeft: Set<String> = [
    "ar", "ara", "arc", "azb", "ckb", "dv", "div", "fa", "fas", "per", "prs", "he", "heb", "iw",
    "ji", "yi", "yid", "ks", "kas", "pnb", "ps", "pus", "sd", "snd", "skr", "syr", "syc", "ug",
    "uig", "ur", "urd", "ota", "nqo", "sam", "mid", "bal", "bqi", "glk", "lrc", "mzn", "ydd",
    "yih",
  ]
  /// Languages whose books bind on either edge depending on the writing direction (vertical
  /// books on the right, horizontal ones on the left): the language alone does not decide.
  private static let eitherWay: Set<String> = [
    "ja", "jpn", "zh", "zho", "chi", "ko", "kor", "cmn", "yue", "lzh", "wuu", "hak", "nan",
  ]
  /// Tags that name no language.
  private static let none: Set<String> = ["und", "mul", "zxx", "mis", "x-default", ""]
  private static let rightToLeftScripts: Set<String> = [
    "arab", "hebr", "syrc", "thaa", "nkoo", "samr", "mand", "adlm", "rohg", "mend", "yezi",
  ]

  /// The binding a language implies: right-edge for right-to-left languages, nil for CJK
  /// languages and non-languages, left-edge for the rest.
  static func binding(of tag: String) -> PageBinding? {
    let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let language = parts.first, !none.contains(language) else { return nil }
    // A script subtag overrides the language's usual script (az-Arab, ku-Arab, pa-Arab, uz-Latn).
    if let script = parts.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }
    ) {
      if rightToLeftScripts.contains(script) { return .rightEdge }
      if ["jpan", "hani", "hans", "hant", "kore", "hira", "kana", "hang"].contains(script) {
        return nil
      }
      return .leftEdge
    }
    if rightToLeft.contains(language) { return .rightEdge }
    if eitherWay.contains(language) { return nil }
    // Anything that is not a plausible language code says nothing.
    guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    return .leftEdge
  }

  static func isEitherWay(_ tag: String) -> Bool {
    let language = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first
    return language.map { eitherWay.contains(String($0)) } ?? false
  }
}

/// Tiny, forgiving readers for the few XML elements pdfbind looks at (calibre's metadata.opf,
/// ComicInfo.xml, a PDF's XMP packet). Not an XML parser: namespaces are matched by prefix as
/// the producers write them, and entities other than the five predefined ones are left as is.
enum XMLText {
  /// The text of every `<name …>TEXT</name>` element, trimmed.
  static func elements(_ name: String, in xml: String) -> [String] {
    var values: [String] = []
    var rest = xml[...]
    while let open = rest.firstRange(of: "<" + name) {
      let afterName = rest[open.upperBound...]
      // `<dc:languageFoo` is another element.
      guard let next = afterName.first, next == ">" || next == " " || next.isNewline || next == "\t"
      else {
        rest = afterName
        continue
      }
      guard let tagEnd = afterName.firstIndex(of: ">") else { break }
      let body = afterName[afterName.index(after: tagEnd)...]
      guard let close = body.firstRange(of: "</" + name + ">") else { break }
      values.append(unescape(String(body[..<close.lowerBound])))
      rest = body[close.upperBound...]
    }
    return values
  }

  /// The language values of an XMP packet's `dc:language` (a bag of `rdf:li`).
  static func xmpLanguages(in xml: String) -> [String] {
    elements("dc:language", in: xml).flatMap { body in
      let items = elements("rdf:li", in: body)
      return items.isEmpty ? [body] : items
    }.filter { !$0.isEmpty && !$0.contains("<") }
  }

  private static func unescape(_ text: String) -> String {
    var result = text.trimmingWhitespace
    for (entity, character) in [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&"),
    ] where result.contains(entity) {
      result = result.replacing(entity, with: character)
    }
    return result
  }
}

extension String {
  var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
