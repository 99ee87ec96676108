// The one file that loads libjpeg-turbo's TurboJPEG API. It is opened with dlopen, only when
// `suggest` draws the pages of a book of scans, never linked: get, set and check start as fast
// without it, and without it the same pages are drawn by poppler, only slower.
import Glibc
import PDFBindCore

/// The TurboJPEG functions pdfbind calls (`turbojpeg.h`, libjpeg-turbo 2.1), looked up once
/// per process. The handle from dlopen is never closed (hence `@unchecked Sendable`: a table
/// of C function pointers written once, before any thread sees it; each TurboJPEG handle they
/// make belongs to one `JPEGDecoder`).
struct TurboJPEGLibrary: @unchecked Sendable {
  typealias Handle = OpaquePointer

  /// Debian's libturbojpeg0: the TurboJPEG API over the libjpeg-turbo that poppler decodes
  /// JPEG images with.
  static let soname = RuntimeLibrary.Role.turboJPEGSoname

  /// TJPF_RGB and TJPF_GRAY: the pixel formats pdfbind asks for.
  static let pixelFormatRGB: Int32 = 0
  static let pixelFormatGrey: Int32 = 6
  /// TJCS_RGB, TJCS_YCbCr, TJCS_GRAY: the colour spaces decoded here (CMYK and YCCK are
  /// poppler's to draw, with the inversions Adobe's files need).
  static let colourSpaceRGB: Int32 = 0
  static let colourSpaceYCbCr: Int32 = 1
  static let colourSpaceGrey: Int32 = 2
  /// TJFLAG_LIMITSCANS: a progressive JPEG of an unreasonable number of scans fails rather than
  /// taking minutes (libjpeg-turbo's guard against that exploit of the format).
  static let limitScans: Int32 = 32_768

  /// The library, loaded on first need (asked again while it cannot be: `RuntimeLoader`).
  /// Without it poppler draws the same pages, so its callers need not say why it is missing:
  /// `doctor` does.
  static let loader = RuntimeLoader { () throws(RuntimeLibrary.Unavailable) in
    try TurboJPEGLibrary()
  }

  /// The library, or why it cannot be loaded.
  static var shared: Result<TurboJPEGLibrary, RuntimeLibrary.Unavailable> { loader.result }

  let initDecompress: @convention(c) () -> Handle?
  let destroy: @convention(c) (Handle) -> Int32
  /// tjDecompressHeader3(handle, data, size, &width, &height, &subsampling, &colourSpace).
  let decompressHeader:
    @convention(c) (
      Handle, UnsafePointer<UInt8>, UInt, UnsafeMutablePointer<Int32>,
      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>
    ) -> Int32
  /// tjDecompress2(handle, data, size, pixels, width, pitch, height, pixel format, flags):
  /// decodes at the largest scale that fits `width`×`height` (pdfbind asks for the whole, or for
  /// 1/2, 1/4 or 1/8 of it: `JPEGDecoder.decode`).
  let decompress:
    @convention(c) (
      Handle, UnsafePointer<UInt8>, UInt, UnsafeMutablePointer<UInt8>, Int32, Int32, Int32,
      Int32, Int32
    ) -> Int32

  private init() throws(RuntimeLibrary.Unavailable) {
    let library = try RuntimeLibrary.Role.turboJPEG.open(Self.soname)
    initDecompress = try Self.symbol(library, "tjInitDecompress")
    destroy = try Self.symbol(library, "tjDestroy")
    decompressHeader = try Self.symbol(library, "tjDecompressHeader3")
    decompress = try Self.symbol(library, "tjDecompress2")
  }

  private static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String)
    throws(RuntimeLibrary.Unavailable) -> T
  {
    try RuntimeLibrary.Role.turboJPEG.symbol(handle, name)
  }
}
