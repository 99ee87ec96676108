import Glibc
import PDFBindCore

extension PageReply {
  /// Written into a worker's answer (`WorkerAnswer`), the one message a worker sends.
  func encode(into out: inout WireWriter) {
    switch self {
    case .opened(let count):
      out.int(1)
      out.int(count ?? -1)
    case .text(let text):
      out.int(2)
      out.bool(text != nil)
      if let text {
        out.string(text.text)
        out.double(text.width)
        out.int(text.boxes.count)
        for box in text.boxes { [box.x1, box.y1, box.x2, box.y2].forEach { out.double($0) } }
      }
    case .picture(let image):
      out.int(3)
      out.image(image)
    case .spine(let picture):
      out.int(4)
      out.double(picture.aspect)
      out.image(picture.grey)
      out.bool(picture.colours != nil)
      if let colours = picture.colours {
        out.image(colours.redGreen)
        out.image(colours.yellowBlue)
      }
    case .refused(let error):
      out.int(5)
      switch error {
      case .unreadable: out.int(0)
      case .cannotDraw(let reason):
        out.int(1)
        out.string(reason)
      case .imageTooLarge(let size):
        out.int(2)
        out.int(size.width)
        out.int(size.height)
      case .scanTooSmall(let size):
        out.int(3)
        out.int(size.width)
        out.int(size.height)
      case .stopped:
        // Only pdfbind's side stops a page; a worker never answers so.
        out.int(0)
      }
    case .drawnReading(let reading, let rows, let blockLines, let recognised, let balloons):
      out.int(11)
      out.reading(reading)
      out.bool(rows != nil)
      if let rows {
        [rows.lightRows, rows.lightColumns].forEach { out.double($0) }
        out.int(rows.lines)
        [rows.pitchSpread, rows.gapsInLines, rows.ink, rows.blockArea].forEach { out.double($0) }
        [rows.squaresInRows, rows.squaresInColumns].forEach { out.int($0) }
      }
      out.bool(blockLines != nil)
      if let blockLines { [blockLines.topToBottom, blockLines.across].forEach { out.double($0) } }
      for count in PageScriptEvidence.Recognised.onTheWire.map({ recognised[keyPath: $0] }) {
        out.bool(count != nil)
        if let count { out.int(count) }
      }
      out.bool(recognised.onSmallScan)
      out.bool(balloons != nil)
      if let balloons { [balloons.tall, balloons.wide].forEach { out.int($0) } }
    case .unavailable(let why):
      out.int(7)
      out.string(why.library.rawValue)
      switch why.reason {
      case .notInstalled(let detail):
        out.int(0)
        out.string(detail)
      case .missingData(let searched):
        out.int(1)
        out.int(searched.count)
        searched.forEach { out.string($0) }
      case .dataRefused(let directory):
        out.int(2)
        out.string(directory)
      case .wrongVersion(let function):
        out.int(3)
        out.string(function)
      case .needs(let other):
        out.int(4)
        out.string(other.rawValue)
      }
    case .sizes(let sizes):
      out.int(8)
      out.int(sizes.count)
      for size in sizes { [size?.width ?? 0, size?.height ?? 0].forEach { out.double($0) } }
    case .drawing(let pixels):
      out.int(9)
      [pixels.width, pixels.height].forEach { out.int($0) }
      out.raw(pixels.words.withUnsafeBytes { Array($0) })
    case .layout(let layout):
      out.int(10)
      out.int(layout.pages.count)
      out.layout(layout.whole)
      if case .facing(_, let left, let right) = layout { [left, right].forEach { out.layout($0) } }
    }
  }

  init(decoding input: inout WireReader) throws(WireReader.Malformed) {
    switch try input.int() {
    case 1:
      let count = try input.int()
      self = .opened(pageCount: count < 0 ? nil : count)
    case 2:
      guard try input.bool() else {
        self = .text(nil)
        return
      }
      var text = PageText(text: try input.string(), boxes: [])
      text.width = try input.double()
      let count = try input.int()
      guard count >= 0 else { throw WireReader.Malformed() }
      for _ in 0..<count {
        text.boxes.append(
          (try input.double(), try input.double(), try input.double(), try input.double()))
      }
      self = .text(text)
    case 3: self = .picture(try input.image())
    case 4:
      let (aspect, grey) = (try input.double(), try input.image())
      let colours =
        try input.bool()
        ? OpponentColours(redGreen: try input.image(), yellowBlue: try input.image()) : nil
      self = .spine(SpinePicture(aspect: aspect, grey: grey, colours: colours))
    case 5:
      switch try input.int() {
      case 0: self = .refused(.unreadable)
      case 1: self = .refused(.cannotDraw(try input.string()))
      case 2:
        self = .refused(.imageTooLarge(ImageSize(width: try input.int(), height: try input.int())))
      case 3:
        self = .refused(.scanTooSmall(ImageSize(width: try input.int(), height: try input.int())))
      default: throw WireReader.Malformed()
      }
    case 11:
      let reading = try input.reading()
      var rows: CloseSetRows?
      if try input.bool() {
        var read = CloseSetRows()
        (read.lightRows, read.lightColumns) = (try input.double(), try input.double())
        read.lines = try input.int()
        (read.pitchSpread, read.gapsInLines) = (try input.double(), try input.double())
        (read.ink, read.blockArea) = (try input.double(), try input.double())
        (read.squaresInRows, read.squaresInColumns) = (try input.int(), try input.int())
        rows = read
      }
      var blockLines: TextBlockLines?
      if try input.bool() {
        blockLines = TextBlockLines(topToBottom: try input.double(), across: try input.double())
      }
      var recognised = PageScriptEvidence.Recognised()
      for count in PageScriptEvidence.Recognised.onTheWire {
        recognised[keyPath: count] = try input.bool() ? try input.int() : nil
      }
      recognised.onSmallScan = try input.bool()
      let balloons =
        try input.bool() ? SpeechBalloons(tall: try input.int(), wide: try input.int()) : nil
      self = .drawnReading(
        reading, closeSetRows: rows, blockLines: blockLines, recognised: recognised,
        balloons: balloons)
    case 7:
      let library = try Self.role(&input)
      let reason: RuntimeLibrary.Unavailable.Reason
      switch try input.int() {
      case 0: reason = .notInstalled(detail: try input.string())
      case 1:
        let count = try input.int()
        guard (0...64).contains(count) else { throw WireReader.Malformed() }
        var searched: [String] = []
        for _ in 0..<count { searched.append(try input.string()) }
        reason = .missingData(searched: searched)
      case 2: reason = .dataRefused(directory: try input.string())
      case 3: reason = .wrongVersion(missingFunction: try input.string())
      case 4: reason = .needs(try Self.role(&input))
      default: throw WireReader.Malformed()
      }
      self = .unavailable(RuntimeLibrary.Unavailable(library, reason))
    case 8:
      let count = try input.int()
      guard count >= 0 else { throw WireReader.Malformed() }
      var sizes: [PageSize?] = []
      for _ in 0..<count {
        let (width, height) = (try input.double(), try input.double())
        sizes.append(width > 0 && height > 0 ? PageSize(width: width, height: height) : nil)
      }
      self = .sizes(sizes)
    case 9:
      let (width, height, bytes) = (try input.int(), try input.int(), try input.raw())
      guard width >= 0, height >= 0, bytes.count == width * height * 4 else {
        throw WireReader.Malformed()
      }
      let words = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
        _ = bytes.withUnsafeBytes { memcpy(buffer.baseAddress!, $0.baseAddress!, bytes.count) }
        count = width * height
      }
      self = .drawing(RGBPixels(width: width, height: height, words: words))
    case 10:
      switch try input.int() {
      case 1: self = .layout(.page(try input.layout()))
      case 2:
        self = .layout(
          .facing(whole: try input.layout(), left: try input.layout(), right: try input.layout()))
      default: throw WireReader.Malformed()
      }
    default: throw WireReader.Malformed()
    }
  }

  /// A library's role, as `encoded()` writes its raw value.
  private static func role(_ input: inout WireReader) throws(WireReader.Malformed)
    -> RuntimeLibrary.Role
  {
    guard let role = RuntimeLibrary.Role(rawValue: try input.string()) else {
      throw WireReader.Malformed()
    }
    return role
  }
}

extension SpinePicture {
  /// A picture as a worker made it: its band already cut (`init(grey:colours:)` ran there).
  init(aspect: Double, grey: GreyImage, colours: OpponentColours?) {
    self.aspect = aspect
    self.grey = grey
    self.colours = colours
  }
}

extension WireWriter {
  mutating func reading(_ reading: ScriptReading?) {
    bool(reading != nil)
    if let reading {
      string(reading.script)
      double(reading.confidence)
      int(reading.orientation)
      double(reading.orientationConfidence)
    }
  }

  /// Every measure of a `WritingLayout`, its doubles to the bit.
  mutating func layout(_ layout: WritingLayout) {
    [layout.ink, layout.paper, layout.blankRows, layout.blankColumns, layout.blockArea]
      .forEach { double($0) }
    [
      layout.shortLines.fromLeft, layout.shortLines.fromRight, layout.linesInRows,
      layout.linesInColumns,
    ].forEach { int($0) }
    double(layout.blockAspect)
    [layout.ruledLines, layout.tilesInRows, layout.tilesInColumns].forEach { int($0) }
  }
}

extension WireReader {
  mutating func reading() throws(Malformed) -> ScriptReading? {
    guard try bool() else { return nil }
    return ScriptReading(
      script: try string(), confidence: try double(), orientation: try int(),
      orientationConfidence: try double())
  }

  mutating func layout() throws(Malformed) -> WritingLayout {
    WritingLayout(
      ink: try double(), paper: try double(), blankRows: try double(),
      blankColumns: try double(), blockArea: try double(),
      shortLines: WritingLayout.LineEnds(fromLeft: try int(), fromRight: try int()),
      linesInRows: try int(), linesInColumns: try int(), blockAspect: try double(),
      ruledLines: try int(), tilesInRows: try int(), tilesInColumns: try int())
  }
}

extension PageScriptEvidence.Recognised {
  /// Every count, in the order a reply carries them: one list, so that the worker's writing
  /// and pdfbind's reading cannot disagree on a count added later.
  static var onTheWire: [WritableKeyPath<Self, Int?>] {
    [\.latinWords, \.hebrewLetters, \.arabicLetters, \.syriacLetters]
      + UndetectedScript.allCases.map(\.recognised)
  }
}
