import Foundation
import Glibc
import PDFBindTestSupport
import Synchronization
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A helper process of pdfbind's own asked one question at a time (the page workers' template,
/// the cache's keeper; issue 41): an answer comes back whole; a helper that ends, or is later
/// than its answers may be, is stopped, reaped and forgotten, and says how it ended. A shell
/// stands in for the helper, its socket on descriptor 3.
@Suite("A helper asked one question at a time")
struct AnsweringProcessTests {
  /// `script` started with its socket on descriptor 3, its answers awaited `seconds`.
  func helper(_ script: String, answerWithin seconds: Double = 10) throws -> AnsweringProcess {
    let started = ChildProcess.start(
      "/bin/sh", arguments: ["sh", "-c", script], socket: 3, environment: [],
      output: .standardError)
    let (pid, socket) = try #require(try? started.get())
    return AnsweringProcess(pid: pid, socket: socket, answerWithin: seconds)
  }

  let question: [UInt8] = Array("one question".utf8)

  @Test("A helper that answers: the answer, whole; let go, it ends and is reaped")
  func answers() throws {
    // cat sends each question back as its answer (its frame and all).
    let echo = try helper("exec cat <&3 >&3")
    #expect(try echo.ask(question) { bytes, _ in bytes }.get() == question)
    #expect(try echo.ask([1, 2, 3]) { bytes, _ in bytes }.get() == [1, 2, 3])
    echo.letGo()
    #expect(!echo.isRunning)
    #expect(echo.ask(question) { bytes, _ in bytes } == .failure(.gone))
  }

  @Test("A helper that ends instead of answering: how it ended, then gone")
  func ends() throws {
    let quits = try helper("head -c 1 <&3 >/dev/null; exit 3")
    #expect(
      quits.ask(question) { bytes, _ in bytes }
        == .failure(.stopped(ChildEnding(status: 3 << 8), late: false)))
    #expect(!quits.isRunning)
    #expect(quits.ask(question) { bytes, _ in bytes } == .failure(.gone))

    let crashes = try helper("head -c 1 <&3 >/dev/null; kill -SEGV $$")
    // A shell killed so may leave a core (the status's 0x80), so its signal alone is compared.
    if case .failure(.stopped(let ending, let late)) = crashes.ask(
      question, read: { bytes, _ in bytes })
    {
      #expect(ending.signal == SIGSEGV && ending.description == "signal 11" && !late)
    } else {
      Issue.record("a helper that crashed gave an answer, or was gone before it was asked")
    }
  }

  @Test("A helper later than its answers may be is killed: late, signal 9")
  func late() throws {
    let sleeps = try helper("exec sleep 30", answerWithin: 0.3)
    let clock = ContinuousClock()
    let start = clock.now
    let answer = sleeps.ask(question) { bytes, _ in bytes }
    #expect(answer == .failure(.stopped(ChildEnding(status: SIGKILL), late: true)))
    #expect(clock.now - start < .seconds(10), "stopped at its deadline, not at its end")
    #expect(!sleeps.isRunning)
  }

  @Test("Whether a helper still answers is known while another thread waits for an answer")
  func runningWhileAsked() throws {
    // The helper reads the question (a frame of 16 bytes), says so through a file, and ends
    // only once the test has asked whether it runs: a thread that only asks that (a book's
    // next drawing, while another waits for a new worker) does not wait for the other's
    // answer. Before, it waited until the exchange was stopped, and the helper was gone.
    let folder = try Fixture.temporaryDirectory().path
    let (asked, release) = (folder + "/asked", folder + "/release")
    let slow = try helper(
      "head -c 16 <&3 >/dev/null; touch \(asked); "
        + "while [ ! -e \(release) ]; do sleep 0.05; done", answerWithin: 5)
    let answered = Atomic(false)
    let asking = BackgroundWork {
      _ = slow.ask(Array("question".utf8)) { bytes, _ in bytes }
      answered.store(true, ordering: .releasing)
    }
    // Released whatever happens, so that the asking thread ends.
    defer {
      close(creat(release, 0o600))
      asking.wait()
      slow.letGo()
    }
    var waited = 0
    while access(asked, F_OK) != 0, waited < 1_000 {
      usleep(10_000)
      waited += 1
    }
    try #require(access(asked, F_OK) == 0, "the helper never read the question")
    #expect(slow.isRunning)
    let answeredFirst = answered.load(ordering: .acquiring)
    #expect(!answeredFirst, "isRunning waited for the other's answer")
  }

  @Test("A message that wants no answer: the caller goes on at once; it is read in its turn")
  func told() throws {
    // The helper takes its time, then reads the told message byte by byte (its frame: 8
    // bytes of length, then 12) into a file, then answers questions as `answers` does.
    let folder = try Fixture.temporaryDirectory().path
    let slow = try helper(
      "sleep 1; dd bs=1 count=20 of=\(folder)/told <&3 2>/dev/null; exec cat <&3 >&3")
    defer { slow.letGo() }
    let clock = ContinuousClock()
    let start = clock.now
    try slow.tell(question).get()
    #expect(clock.now - start < .milliseconds(500), "tell waited for the helper")
    #expect(try slow.ask([1, 2, 3]) { bytes, _ in bytes }.get() == [1, 2, 3])
    let told = try #require(FileManager.default.contents(atPath: folder + "/told"))
    #expect(Array(told.suffix(question.count)) == question)
  }

  @Test("A helper that takes in nothing for as long as an answer may take: told is stopped")
  func toldLate() throws {
    let sleeps = try helper("exec sleep 30", answerWithin: 0.3)
    let clock = ContinuousClock()
    let start = clock.now
    // More than a socket holds: the write waits for a reader that never comes.
    let large = [UInt8](repeating: 7, count: 8 << 20)
    #expect(throws: AnsweringProcess.NoAnswer.stopped(ChildEnding(status: SIGKILL), late: true)) {
      try sleeps.tell(large).get()
    }
    #expect(clock.now - start < .seconds(10), "stopped at its deadline, not at its end")
    #expect(!sleeps.isRunning)
    #expect(throws: AnsweringProcess.NoAnswer.gone) { try sleeps.tell(question).get() }
  }

  @Test("An answer that does not read back stops the helper as a broken exchange")
  func unreadable() throws {
    let echo = try helper("exec cat <&3 >&3")
    let unread = echo.ask(question) { _, _ -> Int? in nil }
    #expect(unread == .failure(.stopped(ChildEnding(status: SIGKILL), late: false)))
    #expect(echo.ask(question) { bytes, _ in bytes } == .failure(.gone))
  }
}
