import PDFBindCore

/// The scripts of the letters on a document's first pages, and which way its CJK text runs.
/// Only letters count (general categories L*): digits, punctuation, marks and spaces say
/// nothing about a script's direction.
struct ScriptCensus: Equatable, Sendable {
  /// Letters per script group.
  private(set) var counts: [ScriptGroup: Int] = [:]
  /// Private-use characters and U+FFFD: glyphs poppler could not map to Unicode.
  private(set) var unmapped = 0
  /// Consecutive CJK letters whose boxes step down (vertical lines) or across (horizontal).
  private(set) var verticalSteps = 0
  private(set) var horizontalSteps = 0

  var letters: Int { counts.values.reduce(0, +) }
  var rightToLeft: Int { counts.filter { $0.key.isRightToLeft }.map(\.value).reduce(0, +) }
  var cjk: Int { counts[.cjk, default: 0] }

  /// The right-to-left script with the most letters, and the left-to-right one.
  var mainRightToLeftScript: ScriptGroup? {
    counts.filter { $0.key.isRightToLeft && $0.value > 0 }.max { $0.value < $1.value }?.key
  }
  var mainLeftToRightScript: ScriptGroup? {
    counts.filter { !$0.key.isRightToLeft && $0.value > 0 }.max { $0.value < $1.value }?.key
  }

  mutating func add(_ page: PageText) {
    var previous: (isCJK: Bool, box: Int)? = nil
    for (offset, scalar) in page.text.unicodeScalars.enumerated() {
      let value = scalar.value
      if (0xE000...0xF8FF).contains(value) || value >= 0xF0000 || value == 0xFFFD {
        unmapped += 1
      }
      guard Self.isLetter(scalar) else {
        previous = nil
        continue
      }
      let group = ScriptGroup(scalar)
      counts[group, default: 0] += 1
      let isCJK = group == .cjk
      if isCJK, previous?.isCJK == true, let before = previous?.box, offset < page.boxes.count,
        before < page.boxes.count
      {
        let (a, b) = (page.boxes[before], page.boxes[offset])
        let dx = abs((a.x1 + a.x2) - (b.x1 + b.x2)) / 2
        let dy = abs((a.y1 + a.y2) - (b.y1 + b.y2)) / 2
        // A step longer than a few characters is a line break, not a step within a line.
        let size = max(a.x2 - a.x1, a.y2 - a.y1, 1)
        if max(dx, dy) < 3 * size {
          if dy > dx { verticalSteps += 1 } else if dx > dy { horizontalSteps += 1 }
        }
      }
      previous = (isCJK, offset)
    }
  }

  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      true
    default: false
    }
  }

  /// Share of Latin letters that are accented Latin-1 letters (À…ÿ): text in a legacy Arabic or
  /// Hebrew 8-bit font, extracted without a Unicode map, comes out as such letters
  /// ("ÇáÚÑÈíÉ"); French or Icelandic text stays far below a quarter.
  var latin1Share: Double {
    let latin = counts[.latin, default: 0]
    return latin == 0 ? 0 : Double(counts[.latin1Accented, default: 0]) / Double(latin)
  }
}

/// Script groups by Unicode block, as far as direction matters.
enum ScriptGroup: Hashable, Sendable {
  case arabic, hebrew, syriac, thaana, nko, samaritan, mandaic, adlam, mendeKikakui
  case otherRightToLeft
  case latin, latin1Accented, greek, cyrillic, cjk, other

  init(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x0590...0x05FF, 0xFB1D...0xFB4F: self = .hebrew
    case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF,
      0x10EC0...0x10EFF, 0x1EE00...0x1EEFF:
      self = .arabic
    case 0x0700...0x074F, 0x0860...0x086F: self = .syriac
    case 0x0780...0x07BF: self = .thaana
    case 0x07C0...0x07FF: self = .nko
    case 0x0800...0x083F: self = .samaritan
    case 0x0840...0x085F: self = .mandaic
    case 0x1E900...0x1E95F: self = .adlam
    case 0x1E800...0x1E8DF: self = .mendeKikakui
    // Cypriot to Elymaic (Aramaic, Phoenician, Kharoshthi, Avestan, Old Turkic, Hanifi
    // Rohingya, Yezidi, Sogdian…): every script in this range is written right to left.
    case 0x10800...0x10FFF: self = .otherRightToLeft
    case 0x00C0...0x00FF: self = .latin1Accented
    case 0x0041...0x024F, 0x1E00...0x1EFF, 0xFB00...0xFB06, 0xFF21...0xFF5A: self = .latin
    case 0x0370...0x03FF, 0x1F00...0x1FFF: self = .greek
    case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
    case 0x1100...0x11FF, 0x2E80...0x2FFF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x303C,
      0x3040...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
      0xF900...0xFAFF, 0xFF66...0xFFDC, 0x20000...0x3FFFF:
      self = .cjk
    default: self = .other
    }
  }

  var isRightToLeft: Bool {
    switch self {
    case .arabic, .hebrew, .syriac, .thaana, .nko, .samaritan, .mandaic, .adlam, .mendeKikakui,
      .otherRightToLeft:
      true
    default: false
    }
  }

  var name: String {
    switch self {
    case .arabic: "Arabic"
    case .hebrew: "Hebrew"
    case .syriac: "Syriac"
    case .thaana: "Thaana"
    case .nko: "N'Ko"
    case .samaritan: "Samaritan"
    case .mandaic: "Mandaic"
    case .adlam: "Adlam"
    case .mendeKikakui: "Mende Kikakui"
    case .otherRightToLeft: "historic right-to-left"
    case .latin, .latin1Accented: "Latin"
    case .greek: "Greek"
    case .cyrillic: "Cyrillic"
    case .cjk: "CJK"
    case .other: "other"
    }
  }
}
