import Glibc

/// What a program does when a file shrinks while PDFBindCore reads it.
///
/// A document reads its file through a read-only mapping (qpdf parses it from memory). If
/// another program shortens the file meanwhile, reading the lost pages raises `SIGBUS`, which
/// by default ends the process with a bare "Bus error". No Swift code can resume after that
/// fault, so the library cannot turn it into a ``BindingError``; a program that opens files
/// others may change calls ``stopProcess(reporting:exitStatus:)`` once at start-up to end with
/// its own words instead. Files are as safe as after a kill: an update is appended with one
/// write, and a torn tail ends before its `startxref`.
public enum ShrunkFileFault {
  /// The message the handler writes; set before the handler is installed, read only by it.
  nonisolated(unsafe) private static var message: StaticString = ""
  nonisolated(unsafe) private static var exitStatus: Int32 = 2

  /// Installs a process-wide `SIGBUS` handler that writes `message` (a line, ending in a line
  /// feed) to standard error and exits at once with `exitStatus`. It replaces any handler the
  /// program had for `SIGBUS`.
  public static func stopProcess(reporting message: StaticString, exitStatus: Int32) {
    Self.message = message
    Self.exitStatus = exitStatus
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      // Only async-signal-safe calls here: a message set beforehand, write, _exit.
      _ = write(
        STDERR_FILENO, ShrunkFileFault.message.utf8Start,
        ShrunkFileFault.message.utf8CodeUnitCount)
      _exit(ShrunkFileFault.exitStatus)
    }
    sigaction(SIGBUS, &action, nil)
  }
}
