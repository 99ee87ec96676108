import Glibc

/// A file the readers open by path, as every command does: in /dev/shm when there is one, so
/// that each input costs no disk write. Rewritten for every input; one per process and role.
struct ScratchFile {
  let path: String

  init(role: String) {
    let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    path = "\(directory)/pdfbind-fuzz-\(getpid())-\(role).pdf"
  }

  init(path: String) {
    self.path = path
  }

  /// Replaces the file's contents with `parts`, one after the other.
  func write(_ parts: UnsafeRawBufferPointer...) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    require(descriptor >= 0, "cannot open \(path): errno \(errno)")
    defer { close(descriptor) }
    for part in parts {
      var written = 0
      while written < part.count {
        let result = Glibc.write(descriptor, part.baseAddress! + written, part.count - written)
        require(result > 0 || errno == EINTR, "cannot write \(path): errno \(errno)")
        if result > 0 { written += result }
      }
    }
  }
}
