import PDFBindCore
import PDFBindPages

/// One book's row on the review page: its name, what the file says now, the suggestion and its
/// evidence, the pictures and the choice. What the page's script needs is in data attributes:
/// the path as one shell word, the bindings and layouts, and which filters the row belongs to.
struct ReviewRow {
  var book: ReviewBook
  /// From 1, in the order of the run.
  var number: Int
  /// The pictures folder as a relative URL, ending in `/`.
  var picturesURL: String

  var markup: Markup {
    let name = String(decoding: book.name, as: UTF8.self)
    var attributes: [Markup.Attribute] = [
      .init("class", "book"), .init("id", "book-\(number)"), .init("tabindex", "-1"),
    ]
    let word = ShellWord.path(book.name)
    // The first name carries an element-timing mark: when it is painted, the page is usable
    // (make bench times it).
    let heading: [Markup.Attribute] = number == 1 ? [.init("elementtiming", "first-book")] : []
    var children: [Markup] = [.element("h2", heading, [.element("bdi", [], [.text(name)])])]
    if word.hasPrefix("$") {
      // The name has bytes that do not show as themselves: give the exact ones too.
      children.append(
        .element(
          "p", [.init("class", "exact")],
          [.text("Its exact bytes, as bash reads them: "), .element("code", [], [.text(word)])]))
    }
    switch book.outcome {
    case .failed(let reason):
      attributes.append(.init("data-failed", "true"))
      children.append(.element("p", [.init("class", "failure")], [.text(reason)]))
    case .reviewed(let reviewed):
      let suggestion = reviewed.suggestion
      if !book.isStandardInput { attributes.append(.init("data-word", word)) }
      attributes += [
        .init("data-binding", suggestion.declared.rawValue),
        .init("data-layout", suggestion.report.pageLayout.displayName),
      ]
      if let decision = suggestion.decision {
        attributes.append(.init("data-suggested", decision.rawValue))
      }
      if let layout = suggestion.decidedLayout {
        attributes.append(.init("data-suggested-layout", layout.rawValue))
      }
      let filters: [(StaticString, Bool)] = [
        ("data-undecided", book.isUndecided), ("data-conflict", book.isConflict),
        ("data-change", book.isChange),
      ]
      for (filter, applies) in filters where applies { attributes.append(.init(filter, "true")) }
      children += facts(suggestion)
      children.append(
        .element(
          "div", [.init("class", "view")],
          [pictures(reviewed), choice(enabled: !book.isStandardInput)]))
    }
    return .element("section", attributes, children)
  }

  /// What the file says now, what pdfbind suggests, the warnings and the evidence.
  private func facts(_ suggestion: Suggestion) -> [Markup] {
    let now = "\(suggestion.declared.rawValue), layout \(suggestion.report.pageLayout.displayName)"
    let suggested: [Markup] =
      if let decision = suggestion.decision {
        [
          .element(
            "strong", [],
            [.text(decision.rawValue + (suggestion.decidedLayout.map { ", " + $0.rawValue } ?? ""))]
          )
        ]
          + (suggestion.conflict ? [.text(" "), .element("em", [], [.text("conflict")])] : [])
      } else {
        [
          .element("strong", [], [.text("undecided")]),
          .text(": " + (suggestion.undecidedReason ?? "no evidence")),
        ]
      }
    var markup: [Markup] = [
      .element(
        "p", [.init("class", "facts")],
        [.text("Now: "), .element("strong", [], [.text(now)]), .text(" · Suggested: ")]
          + suggested)
    ]
    if !suggestion.warnings.isEmpty {
      markup.append(
        .element(
          "ul", [.init("class", "warnings")],
          suggestion.warnings.map { .element("li", [], [.text("\($0)")]) }))
    }
    let evidence = suggestion.evidence.filter { $0.source != .declared }
    if !evidence.isEmpty {
      markup.append(.element("ul", [.init("class", "evidence")], evidence.map(item)))
    }
    return markup
  }

  private func item(_ evidence: Evidence) -> Markup {
    var children: [Markup] = [
      .element("span", [.init("class", "source")], [.text(evidence.source.label)]),
      .text(": " + evidence.detail),
    ]
    if !evidence.pages.isEmpty {
      children.append(
        .element(
          "span", [.init("class", "pages")], [.text(" (" + Wording.pages(evidence.pages) + ")")]))
    }
    if let says = evidence.says {
      children.append(.element("span", [.init("class", "says")], [.text(" → " + says.rawValue)]))
    }
    return .element(
      "li", evidence.weighed ? [] : [.init("class", "unweighed"), .init("title", "not weighed")],
      children)
  }

  /// The pictures: one per page, in an inert template, and the views as data. The page's
  /// script places copies of them into spreads for the book's current choice, as the row comes
  /// near view; the browser loads each only then.
  private func pictures(_ reviewed: ReviewBook.Reviewed) -> Markup {
    guard let views = reviewed.views, !reviewed.pictures.isEmpty else {
      return .element(
        "p", [.init("class", "no-pictures")],
        [.text("No pictures: " + (reviewed.noPictures ?? "the file has no pages"))])
    }
    var attributes: [Markup.Attribute] = [
      .init("class", "pictures"), .init("data-views", views.json),
      .init("data-suggested-views", views.suggested.joined(separator: ",")),
      .init("data-now", views.now),
    ]
    if views.showsEvidence { attributes.append(.init("data-evidence-spreads", "true")) }
    let images = reviewed.pictures.map { picture in
      Markup.element(
        "img",
        [
          .init("data-page", "\(picture.page)"), .init("src", picturesURL + picture.file),
          .init("width", "\(picture.width)"), .init("height", "\(picture.height)"),
          .init("alt", "page \(picture.page)"), .init("loading", "lazy"),
          .init("decoding", "async"),
        ], [])
    }
    return .element("div", attributes, [.element("template", [], images)])
  }

  /// The choice: a binding and a layout, each "leave" until the person picks one.
  private func choice(enabled: Bool) -> Markup {
    func group(_ part: StaticString, _ legend: String, _ values: [String]) -> Markup {
      .element(
        "fieldset",
        [.init("data-part", part.description)] + (enabled ? [] : [.init("disabled", "")]),
        [.element("legend", [], [.text(legend)])]
          + values.map { value in
            .element(
              "label", [],
              [
                .element(
                  "input",
                  [
                    .init("type", "radio"), .init("name", "\(part)-\(number)"),
                    .init("value", value),
                  ]
                    + (value == "leave" ? [.init("checked", "")] : []), []),
                .text(value),
              ])
          })
    }
    var children = [
      group("binding", "Binding", ["right-edge", "left-edge", "leave"]),
      group("layout", "Layout", ["cover", "no-cover", "leave"]),
    ]
    if !enabled {
      children.append(
        .element(
          "p", [.init("class", "hint")], [.text("Read from standard input: no file to change.")]))
    }
    return .element("div", [.init("class", "choice")], children)
  }
}
