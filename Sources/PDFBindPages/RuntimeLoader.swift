// The one place that calls dlopen and dlsym. PopplerLibrary, TesseractLibrary and
// TurboJPEGLibrary each name the functions they need and keep their library in a
// `RuntimeLoader`; a library that cannot be used is a `RuntimeLibrary.Unavailable`.
import Glibc
import PDFBindCore
import Synchronization

/// One library loaded at run time, on first need. A library that loaded is kept for the life
/// of the process (its handle is never closed: glib, cairo and Tesseract keep process-wide
/// state). A load that failed is tried again at the next need, so a library installed while a
/// long batch runs is used from then on; a failed `dlopen` costs a search of a few
/// directories, and each caller asks at most once a book.
final class RuntimeLoader<Library: Sendable>: Sendable {
  private let loaded = Mutex<Library?>(nil)
  private let load: @Sendable () throws(RuntimeLibrary.Unavailable) -> Library

  init(_ load: @escaping @Sendable () throws(RuntimeLibrary.Unavailable) -> Library) {
    self.load = load
  }

  /// The library, loaded now if it was not yet; or why it cannot be.
  var result: Result<Library, RuntimeLibrary.Unavailable> {
    // The lock is held while loading, so two threads never load (and set up) one library twice.
    loaded.withLock { library in
      if let library { return .success(library) }
      do throws(RuntimeLibrary.Unavailable) {
        let made = try load()
        library = made
        return .success(made)
      } catch {
        return .failure(error)
      }
    }
  }

  /// The library, loaded now if it was not yet.
  func get() throws(RuntimeLibrary.Unavailable) -> Library { try result.get() }
}

extension RuntimeLibrary.Role {
  /// `dlopen(soname)`, as this library (glib and gobject count as poppler-glib's).
  func open(_ soname: String) throws(RuntimeLibrary.Unavailable) -> UnsafeMutableRawPointer {
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
      throw RuntimeLibrary.Unavailable(
        self, .notInstalled(detail: dlerror().map { String(cString: $0) } ?? soname))
    }
    return handle
  }

  /// The function `name` in `handle`, as a `T`.
  func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String)
    throws(RuntimeLibrary.Unavailable) -> T
  {
    guard let address = dlsym(handle, name) else {
      throw RuntimeLibrary.Unavailable(self, .wrongVersion(missingFunction: name))
    }
    return unsafeBitCast(address, to: T.self)
  }
}
