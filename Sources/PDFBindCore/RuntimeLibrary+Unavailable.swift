// The one model of a library loaded at run time that cannot be used: the loaders of poppler
// and cairo, Tesseract and its data, and TurboJPEG throw it (PDFBindPages' RuntimeLoader.swift),
// `doctor` reports it, and `BindingError.unavailable` carries it.

extension RuntimeLibrary {
  /// Why a library (or data file) loaded at run time cannot be used: which one, and what is
  /// wrong with it, as values a program switches on.
  public struct Unavailable: Error, Equatable, Sendable, CustomStringConvertible {
    /// The library (or data) that cannot be used.
    public var library: Role
    /// What is wrong with it.
    public var reason: Reason

    /// Why a library cannot be used.
    public enum Reason: Equatable, Sendable {
      /// The shared library cannot be loaded: it is not installed, or not readable. `detail`
      /// is the dynamic loader's words (`dlerror`), which name the file.
      case notInstalled(detail: String)
      /// The shared library loads but lacks `function`, which pdfbind calls: a version it was
      /// not written for.
      case wrongVersion(missingFunction: String)
      /// The data (or font) files are in none of the places looked in, `searched`.
      case missingData(searched: [String])
      /// The library refused the data it found in `directory`.
      case dataRefused(directory: String)
      /// It is used only through `library`, which cannot be used itself.
      case needs(Role)
    }

    /// An unavailable `library`, for `reason`.
    public init(_ library: Role, _ reason: Reason) {
      self.library = library
      self.reason = reason
    }

    /// What is wrong, in a few words (`doctor` prints them after `missing`): "osd.traineddata
    /// is not in /nonexistent".
    public var description: String {
      switch reason {
      case .notInstalled(let detail): detail
      case .wrongVersion(let function): "\(library.soname ?? library.rawValue) lacks \(function)"
      case .missingData(let searched):
        library.dataFile.map { "\($0) is not in " + searched.joined(separator: " or ") }
          ?? "no " + searched.joined(separator: ", ")
      case .dataRefused(let directory):
        "Tesseract cannot load \(library.dataFile ?? library.rawValue) from \(directory)"
      case .needs(let other):
        "\(library.soname ?? library.rawValue) is loaded only after "
          + "\(other.soname ?? other.rawValue), which cannot be"
      }
    }
  }
}

extension RuntimeLibrary.Role {
  /// The names PDFBindPages loads (Debian's packages in `debianPackage`), here so that an
  /// `Unavailable` can name them: the shared libraries' sonames...
  package static let popplerSoname = "libpoppler-glib.so.8"
  package static let cairoSoname = "libcairo.so.2"
  package static let tesseractSoname = "libtesseract.so.5"
  package static let turboJPEGSoname = "libturbojpeg.so.0"
  /// ... and the files of Tesseract's data for orientation and script detection, and for
  /// recognising English, Hebrew, Urdu, Syriac, Georgian, Armenian, Myanmar and Tibetan.
  package static let scriptDataFile = "osd.traineddata"
  package static let wordDataFile = "eng.traineddata"
  package static let hebrewDataFile = "heb.traineddata"
  package static let urduDataFile = "urd.traineddata"
  package static let syriacDataFile = "syr.traineddata"
  package static let georgianDataFile = "kat.traineddata"
  package static let armenianDataFile = "hye.traineddata"
  package static let myanmarDataFile = "mya.traineddata"
  package static let tibetanDataFile = "bod.traineddata"

  /// The data file Tesseract loads for this role; nil for libraries and fonts.
  package var dataFile: String? {
    switch self {
    case .scriptData: Self.scriptDataFile
    case .wordData: Self.wordDataFile
    case .hebrewData: Self.hebrewDataFile
    case .urduData: Self.urduDataFile
    case .syriacData: Self.syriacDataFile
    case .georgianData: Self.georgianDataFile
    case .armenianData: Self.armenianDataFile
    case .myanmarData: Self.myanmarDataFile
    case .tibetanData: Self.tibetanDataFile
    default: nil
    }
  }

  /// The shared library's soname; nil for data and fonts.
  package var soname: String? {
    switch self {
    case .poppler: Self.popplerSoname
    case .cairo: Self.cairoSoname
    case .tesseract: Self.tesseractSoname
    case .turboJPEG: Self.turboJPEGSoname
    case .scriptData, .wordData, .hebrewData, .urduData, .syriacData, .georgianData,
      .armenianData, .myanmarData, .tibetanData, .font:
      nil
    }
  }

  /// The Debian package that provides it.
  package var debianPackage: String {
    switch self {
    case .poppler: "libpoppler-glib8"
    case .cairo: "libcairo2"
    case .tesseract: "libtesseract5"
    case .scriptData: "tesseract-ocr-osd"
    case .wordData: "tesseract-ocr-eng"
    case .hebrewData: "tesseract-ocr-heb"
    case .urduData: "tesseract-ocr-urd"
    case .syriacData: "tesseract-ocr-syr"
    case .georgianData: "tesseract-ocr-kat"
    case .armenianData: "tesseract-ocr-hye"
    case .myanmarData: "tesseract-ocr-mya"
    case .tibetanData: "tesseract-ocr-bod"
    case .turboJPEG: "libturbojpeg0"
    case .font: "fonts-dejavu-core"
    }
  }
}
