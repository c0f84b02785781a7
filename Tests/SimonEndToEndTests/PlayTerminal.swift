import Foundation
import SimonProcessSupport
import SystemPackage

/// `simonctl play` in a pseudo-terminal of 80x24, as a person at a terminal runs it: keys
/// typed into it, every frame it draws kept and read back as text.
final class PlayTerminal: @unchecked Sendable {
  /// The running simonctl.
  let process: RunningProcess
  private let controller: Int32
  private let device: Int32
  private let errors = Pipe()
  private let lock = NSLock()
  private var output: [UInt8] = []
  /// The size of each read from the terminal, in order: what waits wake on.
  private let reads = ArrivalLog<Int>()

  /// Linux's TIOCGPTN and TIOCSPTLCK (the same on x86_64 and arm64): what ptsname(3)
  /// and unlockpt(3) do, which the C library does not export to Swift here.
  private static let getNumber: UInt = 0x8004_5430
  private static let setLock: UInt = 0x4004_5431

  /// Starts `simonctl` with `arguments` on a fresh pseudo-terminal, 24 rows of `columns`.
  /// - Parameter environment: set on top of this process's environment.
  init(_ arguments: [String], environment: [String: String], columns: UInt16 = 80) throws {
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard
      controller >= 0, ioctl(controller, Self.setLock, &unlock) == 0,
      ioctl(controller, Self.getNumber, &number) == 0
    else { throw E2EError("no pseudo-terminal") }
    device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard device >= 0 else { throw E2EError("cannot open /dev/pts/\(number)") }
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(device, UInt(TIOCSWINSZ), &size)

    var env = ProcessInfo.processInfo.environment
    for key in ["RUNTIME_DIRECTORY", "STATE_DIRECTORY", "JOURNAL_STREAM"] {
      env.removeValue(forKey: key)
    }
    var settings = termios()
    localModesAtStart = tcgetattr(device, &settings) == 0 ? settings.c_lflag : 0
    let terminal = FileDescriptor(rawValue: device)
    process = try RunningProcess(
      productsDirectory.appendingPathComponent("simonctl").path, arguments,
      environment: env.merging(environment) { $1 }, input: terminal, output: terminal,
      error: FileDescriptor(rawValue: errors.fileHandleForWriting.fileDescriptor))
    try errors.fileHandleForWriting.close()
    let thread = Thread { [weak self] in self?.receive() }
    thread.start()
  }

  deinit {
    process.terminate()
    close(device)
    close(controller)
  }

  private func receive() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(controller, &buffer, buffer.count)
      if count <= 0 { return reads.close() }
      lock.withLock { output += buffer[..<count] }
      reads.append(contentsOf: [count])
    }
  }

  /// Types keys, as a person would.
  /// - Returns: how much the terminal had drawn before: `waitFor(_:after:)` looks past it.
  @discardableResult
  func type(_ keys: String) -> Int {
    let mark = drawn
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    return mark
  }

  /// The terminal's local modes (termios c_lflag) before simonctl started.
  let localModesAtStart: tcflag_t

  /// The terminal's local modes (termios c_lflag) now: raw or cooked.
  var localModes: tcflag_t {
    var settings = termios()
    return tcgetattr(device, &settings) == 0 ? settings.c_lflag : 0
  }

  /// How many bytes the terminal has drawn so far.
  var drawn: Int { lock.withLock { output.count } }

  /// The last whole frame drawn, as the terminal shows it (escape sequences removed).
  var frame: String { lock.withLock { Self.lastFrame(output) } }

  /// Waits until the terminal has shown `text` in what it drew after `mark`.
  /// - Returns: the last whole frame then.
  /// - Throws: `E2EError` with the last frame when it did not within `timeout` seconds.
  @discardableResult
  func waitFor(_ text: String, after mark: Int = 0, timeout: Double = 10) async throws -> String {
    try await wait(timeout: timeout, for: "\"\(text)\"") { output in
      Self.visible(output[min(mark, output.count)...]).contains(text)
    }
  }

  /// Waits until the last whole frame holds no input: the terminal has let go of its
  /// last key and takes the next.
  func waitForRelease(timeout: Double = 10) async throws {
    _ = try await wait(timeout: timeout, for: "every input let go") {
      !Self.lastFrame(Array($0)).contains("pressing ")
    }
  }

  private func wait(
    timeout: Double, for what: String, _ match: @escaping @Sendable (ArraySlice<UInt8>) -> Bool
  ) async throws -> String {
    // Matched here, not on the reading thread: a slow match there would stall the reads,
    // and simonctl with them once the terminal's buffer is full.
    let deadline = ContinuousClock.now + .seconds(timeout)
    while true {
      let seen = reads.count
      if lock.withLock({ match(output[...]) }) { return frame }
      let left = deadline - ContinuousClock.now
      if left <= .zero || reads.isClosed { break }
      _ = await reads.waitFor(from: seen, timeout: left) { _ in true }
    }
    throw E2EError("the terminal never showed \(what); last frame:\n\(frame)")
  }

  /// Waits for simonctl to end without holding a thread; its exit status, or nil after
  /// `timeout` seconds or when the task is cancelled.
  func waitForExit(timeout: Double) async -> Int32? {
    await process.waitForExit(timeout: timeout)
  }

  /// What simonctl wrote to standard error (after it exited).
  func errorOutput() -> String {
    String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// The text of the last frame in `bytes` that was drawn whole: from its "home" to its
  /// "clear to the end of the screen".
  private static func lastFrame(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let end = text.range(of: "\u{1B}[J", options: .backwards),
      let start = text.range(
        of: "\u{1B}[H", options: .backwards, range: text.startIndex..<end.lowerBound)
    else { return "" }
    return visible(Array(text[start.lowerBound..<end.lowerBound].utf8)[...])
  }

  /// What the terminal shows of `bytes`: without escape sequences and carriage returns.
  private static func visible(_ bytes: ArraySlice<UInt8>) -> String {
    var visible = ""
    var inSequence = false
    for character in String(decoding: bytes, as: UTF8.self) {
      if inSequence {
        if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" {
          inSequence = false
        }
      } else if character == "\u{1B}" {
        inSequence = true
      } else if character != "\r" {
        visible.append(character)
      }
    }
    return visible
  }
}
