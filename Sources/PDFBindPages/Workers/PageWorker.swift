import Glibc
import PDFBindCore
import SystemPackage

/// The worker side: `pdfbind` started again by `PageWorkers` with `argument`, serving page
/// requests on descriptor 3 one at a time until pdfbind closes its end. Everything that runs
/// poppler, cairo, TurboJPEG or Tesseract on a page runs here, in a process pdfbind can stop.
public enum PageWorker {
  /// The hidden first argument that makes `pdfbind` a page worker.
  static let argument = "--pdfbind-page-worker"
  /// The descriptor the worker's socket is given as.
  static let socket: Int32 = 3

  /// Serves page requests and never returns when this process was started as a page worker
  /// (or as their template, `WorkerTemplate`); returns at once otherwise. A program that uses
  /// `BindingAdvisor` calls it first thing in `main`: page workers are this program's own
  /// executable, started again.
  public static func runIfAsked() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2, arguments[1] == argument || arguments[1] == WorkerTemplate.argument
    else { return }
    let megabytes = arguments.count >= 3 ? Int(arguments[2]) ?? 0 : 0
    // No core file when a worker crashes: its ending is an evidence line.
    var none = rlimit(rlim_cur: 0, rlim_max: 0)
    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    // A page's pictures come from the heap and stay there for the next page.
    FreedMemory.keepBlocksInHeap()
    // Tesseract's recogniser runs its loops on OpenMP threads, which spin while they wait:
    // beside the other workers on a machine's cores they cost more than they save (the real
    // bench's English commentary took 7 s so: a third of the samples in libgomp, a third in the
    // kernel, switching tasks). libgomp reads this when Tesseract loads it.
    setenv("OMP_THREAD_LIMIT", "1", 1)
    if arguments[1] == WorkerTemplate.argument { WorkerTemplate.serve(megabytes: megabytes) }
    serve(megabytes: megabytes)
  }

  /// Serves page requests on `socket` until pdfbind closes its end, within `megabytes`.
  static func serve(megabytes: Int) -> Never {
    limitMemory(megabytes: megabytes)
    name("pdfbind-worker")
    var worker = Served()
    while let request = Frames.read(from: socket) {
      guard let decoded = try? PageRequest(decoding: request) else { _exit(3) }
      let reply = WorkerAnswer(worker.handle(decoded), drewWithPoppler: worker.drewWithPoppler)
      guard Frames.write(reply.encoded(), to: socket) else { _exit(0) }
      // An idle worker keeps its file open, not the heap a large page grew (a batch of pdf.js's
      // test files peaked at 987 MiB with idle workers holding 266 MB and 110 MB).
      FreedMemory.giveBack()
    }
    _exit(0)
  }

  /// Names this process as `ps` and `top` show it (its `comm`, 15 bytes at most): started as
  /// `/proc/self/exe`, it would be `exe`.
  static func name(_ name: String) {
    let file = open("/proc/self/comm", O_WRONLY)
    guard file >= 0 else { return }
    _ = name.withCString { write(file, $0, strlen($0)) }
    close(file)
  }

  /// The worker's own limit: `megabytes` of data (RLIMIT_DATA: what malloc, mmap and brk
  /// give it, not the libraries mapped or the address space glibc's arenas reserve, which
  /// RLIMIT_AS would count) beyond what it holds already. A worker forked from the template
  /// starts with the template's data (Tesseract's script data, about 55 MB), which is not
  /// its page's.
  private static func limitMemory(megabytes: Int) {
    guard megabytes > 0 else { return }
    let bytes = (rlim_t(heldDataKilobytes()) << 10) + (rlim_t(megabytes) << 20)
    var data = rlimit(rlim_cur: bytes, rlim_max: bytes)
    setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &data)
  }

  /// The data this process holds, as RLIMIT_DATA counts it (`VmData` in /proc/self/status),
  /// in kilobytes; 0 when the kernel does not say.
  private static func heldDataKilobytes() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard text.hasPrefix("VmData:") else { continue }
      // "VmData:\t   54772 kB"
      return text.dropFirst(7).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 0
    }
    return 0
  }
}
