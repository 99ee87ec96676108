/// A library (or data file) that looking at pages (PDFBindPages) loads at run time, never links,
/// and whether this process can use it. Here in the core because ``BindingError/unavailable(_:)``
/// carries one; PDFBindPages' `RuntimeLibrary.inspect()` lists them.
///
/// Reading and setting bindings needs none of them. Drawing pages and reading their text
/// (poppler-glib and cairo), the script in page pictures (Tesseract, its `osd` data, and its
/// `eng` and `heb` data for Latin and Hebrew print it is unsure of), fast decoding of pages
/// that are one JPEG scan (TurboJPEG) and the labels of a preview (a sans-serif font) do;
/// without them those parts say what is missing and the rest works.
public struct RuntimeLibrary: Equatable, Sendable {
  /// What a library does for PDFBindPages.
  public enum Role: String, CaseIterable, Sendable {
    /// poppler-glib: opens documents to draw their pages and read their text.
    case poppler = "poppler-glib"
    /// cairo: the pictures poppler draws pages into, and the preview's sheet.
    case cairo
    /// Tesseract: reads the script in page pictures (scans).
    case tesseract
    /// Tesseract's orientation-and-script data, `osd.traineddata`.
    case scriptData = "tesseract-osd"
    /// Tesseract's English data, `eng.traineddata`: its recogniser confirms Latin print that
    /// script detection is unsure of.
    case wordData = "tesseract-eng"
    /// Tesseract's Hebrew data, `heb.traineddata`: its recogniser confirms Hebrew print that
    /// script detection is unsure of, or takes for Arabic.
    case hebrewData = "tesseract-heb"
    /// Tesseract's Urdu data, `urd.traineddata`: its recogniser confirms Arabic-script writing
    /// (Urdu in Nastaliq) that script detection reads upside down or sideways, or as Arabic
    /// with too little confidence.
    case urduData = "tesseract-urd"
    /// Tesseract's Syriac data, `syr.traineddata`: its recogniser confirms Syriac print, a
    /// script that script detection takes for Arabic it is unsure of.
    case syriacData = "tesseract-syr"
    /// Tesseract's Georgian, Armenian, Myanmar and Tibetan data (`kat`, `hye`, `mya`,
    /// `bod.traineddata`): their recognisers confirm print in four left-to-right scripts that
    /// script detection does not know and reads as an Indic script or Thai it is unsure of.
    case georgianData = "tesseract-kat"
    case armenianData = "tesseract-hye"
    case myanmarData = "tesseract-mya"
    case tibetanData = "tesseract-bod"
    /// TurboJPEG: decodes pages that are one JPEG scan; without it poppler draws them, slower.
    case turboJPEG = "turbojpeg"
    /// DejaVu Sans, the font of a preview's labels.
    case font
  }

  /// Whether the library can be used.
  public enum Availability: Equatable, Sendable {
    /// Loaded (or found) from `file`.
    case available(file: String)
    /// Not usable, for the reason given.
    case unavailable(Unavailable)
  }

  /// What the library does.
  public var role: Role
  /// What is looked for: a shared library's soname (`libpoppler-glib.so.8`) or a file name.
  public var name: String
  /// The Debian package that provides it.
  public var debianPackage: String
  /// Whether this process can use it, and from which file.
  public var availability: Availability

  /// A library looked for as `name`, with its Debian package and whether it can be used.
  package init(role: Role, name: String, debianPackage: String, availability: Availability) {
    self.role = role
    self.name = name
    self.debianPackage = debianPackage
    self.availability = availability
  }
}
