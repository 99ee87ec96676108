import Glibc

/// PDFBindCore hands qpdf each file mapped into memory. If another program shortens a file
/// while it is read, the kernel raises SIGBUS; instead of a bare "Bus error", say what
/// happened and stop with status 2. Files are as safe as after a kill: an update is appended
/// with one write, and a torn tail ends before its startxref.
enum FaultHandler {
  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      // Only async-signal-safe calls here: a static message, write, _exit.
      let message: StaticString = """
        pdfbind: stopped: a file shrank while pdfbind was reading it (another program changed \
        it); files not reported were left whole, as after an interruption

        """
      _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
      _exit(2)
    }
    sigaction(SIGBUS, &action, nil)
  }
}
