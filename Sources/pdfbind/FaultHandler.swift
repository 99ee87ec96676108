import PDFBindCore

/// PDFBindCore hands qpdf each file mapped into memory. If another program shortens a file
/// while it is read, instead of a bare "Bus error", say what happened and stop with status 2
/// (the library's hook: `ShrunkFileFault`).
enum FaultHandler {
  static func install() {
    ShrunkFileFault.stopProcess(
      reporting: """
        pdfbind: stopped: a file shrank while pdfbind was reading it (another program changed \
        it); files not reported were left whole, as after an interruption

        """, exitStatus: 2)
  }
}
