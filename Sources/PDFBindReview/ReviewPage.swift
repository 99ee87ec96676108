import PDFBindCore

/// The review page: one HTML document, opened from disk, with a row per book and the page's
/// script and style inline, pinned by their hashes in a Content-Security-Policy that allows
/// nothing else (no network, no other script, no inline handler).
public struct ReviewPage: Sendable {
  public var books: [ReviewBook]
  /// The folder of pictures, as its name's bytes, relative to the page.
  public var picturesFolder: [UInt8]
  /// Where `review` ran: the generated script changes to it, so relative paths stay right.
  public var workingDirectory: [UInt8]

  public init(books: [ReviewBook], picturesFolder: [UInt8], workingDirectory: [UInt8]) {
    self.books = books
    self.picturesFolder = picturesFolder
    self.workingDirectory = workingDirectory
  }

  /// The policy: only this page's own script and style, and pictures from its own folder.
  static let contentSecurityPolicy =
    "default-src 'none'; img-src 'self'; "
    + "style-src '\(ContentHash.sha256([ReviewAssets.style]))'; "
    + "script-src '\(ContentHash.sha256(ReviewAssets.scripts))'; "
    + "base-uri 'none'; form-action 'none'"

  /// The whole document, UTF-8.
  public func html() -> [UInt8] {
    let title = "pdfbind review: \(books.count) book\(books.count == 1 ? "" : "s")"
    let head = Markup.element(
      "head", [],
      [
        .element("meta", [.init("charset", "utf-8")], []),
        .element(
          "meta",
          [
            .init("http-equiv", "Content-Security-Policy"),
            .init("content", Self.contentSecurityPolicy),
          ], []),
        .element("meta", [.init("name", "referrer"), .init("content", "no-referrer")], []),
        .element(
          "meta",
          [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")],
          []),
        .element("title", [], [.text(title)]),
        .element("style", [], [.constant(ReviewAssets.style)]),
      ])
    let folder = URLPath.encode(picturesFolder) + "/"
    let rows = books.enumerated().map { index, book in
      ReviewRow(book: book, number: index + 1, picturesURL: folder).markup
    }
    let main = Markup.element(
      "main",
      [.init("id", "books"), .init("data-directory", ShellWord.quote(workingDirectory))], rows)
    let body = Markup.element(
      "body", [],
      [
        toolbar(title: title),
        main, scriptPanel,
        .element("script", [], ReviewAssets.scripts.map { .constant($0) }),
      ])
    var output = "<!DOCTYPE html>\n"
    Markup.element("html", [.init("lang", "en")], [head, body]).render(into: &output)
    output += "\n"
    return Array(output.utf8)
  }

  /// The title, the counts, the filters and the keys.
  private func toolbar(title: String) -> Markup {
    let counts = ReviewCounts(books)
    func filter(_ name: String, _ label: String, _ count: Int, key: String) -> Markup {
      .element(
        "button",
        [
          .init("type", "button"), .init("data-filter", name),
          .init("aria-pressed", name == "all" ? "true" : "false"),
          .init("title", "\(label) (key \(key))"),
        ], [.text("\(label) (\(count))")])
    }
    return .element(
      "header", [.init("class", "toolbar")],
      [
        .element("h1", [], [.text(title)]),
        .element(
          "p", [.init("class", "counts")], [.text("\(books.count) books: " + counts.summary)]),
        .element(
          "nav", [.init("class", "filters"), .init("aria-label", "Show")],
          [
            filter("all", "All", books.count, key: "1"),
            filter("undecided", "Undecided", counts.undecided, key: "2"),
            filter("conflict", "Conflicts", counts.conflicts, key: "3"),
            filter("change", "Changes", counts.changes, key: "4"),
          ]),
        .element(
          "button", [.init("type", "button"), .init("id", "take-suggestions")],
          [.text("Choose the suggestion for every book shown")]),
        .element(
          "p", [.init("class", "keys")],
          [
            .text(
              "Keys: j/k or ↓/↑ next/previous book · r right-edge · l left-edge · c cover · "
                + "n no-cover · s the suggestion · x leave · 1–4 filters")
          ]),
      ])
  }

  /// The generated script, in a bar along the bottom: the count, and buttons to show, copy and
  /// download it.
  private var scriptPanel: Markup {
    func button(_ id: String, _ label: String, _ more: [Markup.Attribute] = []) -> Markup {
      .element("button", [.init("type", "button"), .init("id", id)] + more, [.text(label)])
    }
    return .element(
      "aside", [.init("class", "panel"), .init("aria-label", "Script")],
      [
        .element(
          "div", [.init("class", "bar")],
          [
            .element(
              "strong", [.init("id", "chosen"), .init("aria-live", "polite")],
              [.text("No choices yet.")]),
            button(
              "toggle", "Show the script",
              [.init("aria-expanded", "false"), .init("aria-controls", "script-box")]),
            button("copy", "Copy"),
            button("download", "Download pdfbind-review.sh"),
            .element("span", [.init("id", "copied"), .init("role", "status")], []),
          ]),
        .element(
          "div", [.init("id", "script-box"), .init("hidden", "")],
          [
            .element(
              "textarea",
              [
                .init("id", "script"), .init("readonly", ""), .init("spellcheck", "false"),
                .init("aria-label", "Script of pdfbind set commands"), .init("rows", "12"),
              ], []),
            .element(
              "p", [.init("class", "hint")],
              [
                .text(
                  "Run it with bash from anywhere: it changes to the folder review ran in. "
                    + "PDFBIND=… names another pdfbind than the one on PATH.")
              ]),
          ]),
      ])
  }
}

/// Percent-encoding for a relative URL path: every byte but the unreserved ones (RFC 3986).
enum URLPath {
  static func encode(_ bytes: [UInt8]) -> String {
    var output = ""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        output += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return output
  }
}
