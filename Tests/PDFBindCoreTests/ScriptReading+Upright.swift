@testable import PDFBindPages

extension ScriptReading {
  /// A reading as Tesseract gives one on print of a script it knows: sure of the page's
  /// rotation (the real bench's printed Arabic and Hebrew pages read 12 to 40). Tests of the
  /// rotation's confidence itself give it.
  init(script: String, confidence: Double, orientation: Int) {
    self.init(
      script: script, confidence: confidence, orientation: orientation,
      orientationConfidence: 20)
  }
}
