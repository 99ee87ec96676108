import PDFBindCore

/// A piece of an HTML document as data: elements, their attributes and text are kept apart until
/// `render` writes them, each through its one escaping function, so no name or other value can
/// ever become markup.
public enum Markup: Sendable {
  /// An element; `attributes` keep their order. Void elements (`img`, `input`, `meta`…) take no
  /// children and no end tag. Element and attribute names are constants in pdfbind's code.
  case element(StaticString, [Attribute], [Markup])
  /// Text: any value, escaped when written.
  case text(String)
  /// Markup pdfbind itself wrote (the page's constant style and script), never built from data.
  case constant(StaticString)

  public struct Attribute: Sendable {
    public var name: StaticString
    public var value: String

    public init(_ name: StaticString, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Elements that HTML closes by themselves.
  static let voidElements: Set<String> = ["br", "img", "input", "link", "meta", "wbr"]

  /// The HTML text.
  public var rendered: String {
    var output = ""
    render(into: &output)
    return output
  }

  public func render(into output: inout String) {
    switch self {
    case .text(let text): HTML.appendText(text, to: &output)
    case .constant(let text): output += text.description
    case .element(let name, let attributes, let children):
      let name = name.description
      output += "<"
      output += name
      for attribute in attributes {
        output += " "
        output += attribute.name.description
        output += "=\""
        HTML.appendAttribute(attribute.value, to: &output)
        output += "\""
      }
      output += ">"
      guard !Self.voidElements.contains(name) else { return }
      for child in children { child.render(into: &output) }
      output += "</"
      output += name
      output += ">"
    }
  }
}

/// The two escaping functions of the review page (HTML Living Standard, "Serialising HTML
/// fragments", extended to what the parser would otherwise change).
public enum HTML {
  /// Text between tags: `&`, `<` and `>` become references; a carriage return is written as
  /// `&#13;`, since the parser turns a literal one (and CR LF) into a line feed.
  public static func escapeText(_ text: String) -> String {
    escape(text, textReference)
  }

  /// An attribute value written between double quotes: the text escapes, and both quotes.
  public static func escapeAttribute(_ value: String) -> String {
    escape(value) { scalar in
      switch scalar {
      case "\"": "&quot;"
      case "'": "&#39;"
      default: textReference(scalar)
      }
    }
  }

  private static func textReference(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\r": "&#13;"
    default: nil
    }
  }

  /// `escapeText(text)` appended to `output` (a review page writes thousands of these: most
  /// need no reference, and go in whole).
  static func appendText(_ text: String, to output: inout String) {
    if text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0D }) {
      output += escapeText(text)
    } else {
      output += text
    }
  }

  /// `escapeAttribute(value)` appended to `output`.
  static func appendAttribute(_ value: String, to output: inout String) {
    if value.utf8.contains(where: {
      $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0D || $0 == 0x22 || $0 == 0x27
    }) {
      output += escapeAttribute(value)
    } else {
      output += value
    }
  }

  private static func escape(_ text: String, _ reference: (Unicode.Scalar) -> String?) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replacement = reference(scalar) {
        output += replacement
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
