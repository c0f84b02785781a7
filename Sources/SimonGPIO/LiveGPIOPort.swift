import CGPIOD
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The real GPIO system: every libgpiod call (through the CGPIOD shim) and every libc
/// call of this module's GPIO side lives in this file.
struct LiveGPIOPort: GPIOPort {
  /// Where the chip devices are; "/dev" except in tests.
  var devDirectory = "/dev"

  /// The libgpiod API the shim was built for: 1 or 2 (`cgpiod_api_major`).
  static var apiMajor: Int { Int(cgpiod_api_major()) }

  /// The version of the libgpiod library loaded at run time (`cgpiod_library_version`).
  static var libraryVersion: String { String(cString: cgpiod_library_version()) }

  /// The `gpiochipN` entries of the device directory, in number order (readdir).
  func chipPaths() -> [String] {
    entries().filter { $0.hasPrefix("gpiochip") }
      .sorted { (Int($0.dropFirst(8)) ?? Int.max, $0) < (Int($1.dropFirst(8)) ?? Int.max, $1) }
      .map { "\(devDirectory)/\($0)" }
  }

  /// The entries of the device directory whose name mentions "gpio" (readdir).
  func gpioDeviceNames() -> [String] {
    entries().filter { $0.lowercased().contains("gpio") }.sorted()
  }

  /// Opens a chip, reads its info and every line's, and closes it again
  /// (`cgpiod_chip_open`, `cgpiod_chip_get_info`, `cgpiod_chip_get_line_info`).
  func inspect(chipAt path: String) throws(GPIOPortError) -> ChipSnapshot {
    guard let chip = cgpiod_chip_open(path) else {
      throw GPIOPortError(operation: .open, chip: path, code: errno)
    }
    defer { cgpiod_chip_close(chip) }
    var info = cgpiod_chip_info()
    guard cgpiod_chip_get_info(chip, &info) == 0 else {
      throw GPIOPortError(operation: .open, chip: path, code: errno)
    }
    var lines: [LineSnapshot] = []
    for offset in 0..<info.num_lines {
      var line = cgpiod_line_info()
      guard cgpiod_chip_get_line_info(chip, offset, &line) == 0 else {
        throw GPIOPortError(operation: .open, chip: path, offsets: [Int(offset)], code: errno)
      }
      lines.append(
        LineSnapshot(
          name: Self.string(line.name), consumer: Self.string(line.consumer), used: line.used))
    }
    return ChipSnapshot(
      path: path, name: Self.string(info.name), label: Self.string(info.label), lines: lines)
  }

  /// The group owning a device (stat, getgrgid).
  func group(ofDevice path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0, let group = getgrgid(status.st_gid) else { return nil }
    return String(cString: group.pointee.gr_name)
  }

  /// Opens each chip and requests its outputs, then its inputs
  /// (`cgpiod_chip_open`, `cgpiod_chip_request_lines`); undoes everything on failure.
  func request(_ chips: [ChipRequest], consumer: String) throws(GPIOPortError) -> any GPIOLines {
    var wake: [Int32] = [-1, -1]
    guard pipe(&wake) == 0 else {
      throw GPIOPortError(operation: .request, chip: "pipe", code: errno)
    }
    for fd in wake {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    }
    let lines = LiveGPIOLines(wakeRead: wake[0], wakeWrite: wake[1])
    for request in chips {
      do throws(GPIOPortError) {
        try lines.acquire(request, consumer: consumer)
      } catch {
        lines.release()
        throw error
      }
    }
    return lines
  }

  /// The names in the device directory (opendir, readdir).
  private func entries() -> [String] {
    guard let directory = opendir(devDirectory) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Self.string(bytes: $0) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// A string from a fixed-size C character array.
  static func string<Tuple>(_ tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { string(bytes: $0) }
  }

  private static func string(bytes: UnsafeRawBufferPointer) -> String {
    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// The C library's text for an errno value (strerror).
  static func text(ofErrno code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// Lines held through the shim: per chip its handle, its output request and its input
/// request, plus a pipe that wakes the reader.
final class LiveGPIOLines: GPIOLines, @unchecked Sendable {
  private struct Held {
    var path: String
    var chip: OpaquePointer
    var outputs: OpaquePointer?
    var inputs: OpaquePointer?
  }

  // Written only while requesting (before the lines are shared) and by `release`, which
  // runs after the reader has stopped; `set` takes the lock.
  private var held: [Held] = []
  // Touched only by the reader thread (`waitForEdges`): per input line, the direction of
  // its last edge, when to read its level again, and how many more times.
  private var rechecks: [LineID: (rising: Bool, due: UInt64, left: Int)] = [:]

  /// When a line's level is read again after its edges were read: at once, then 5 ms and
  /// 15 ms later, past most of a switch's bounce and before the debounce window (20 ms by
  /// default) closes, so the debouncer decides on the line's real level (see
  /// `levelChanges`).
  static let recheckDelays: [UInt64] = [5_000_000, 10_000_000]
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let lock = Mutex(false)  // true once released

  init(wakeRead: Int32, wakeWrite: Int32) {
    self.wakeRead = wakeRead
    self.wakeWrite = wakeWrite
  }

  /// Opens a chip and requests its outputs, then its inputs; on failure keeps what was
  /// acquired so `release` undoes it.
  fileprivate func acquire(_ request: ChipRequest, consumer: String) throws(GPIOPortError) {
    guard let chip = cgpiod_chip_open(request.chip) else {
      throw GPIOPortError(operation: .open, chip: request.chip, code: errno)
    }
    held.append(Held(path: request.chip, chip: chip))
    let outputs = request.outputs.map {
      cgpiod_line_settings(
        offset: UInt32($0.offset), output: true, bias: CGPIOD_BIAS_AS_IS, active_low: $0.activeLow,
        initial_value: false)
    }
    let inputs = request.inputs.map {
      cgpiod_line_settings(
        offset: UInt32($0.offset), output: false, bias: Self.bias($0.bias),
        active_low: $0.activeLow,
        initial_value: false)
    }
    if !outputs.isEmpty {
      guard let handle = cgpiod_chip_request_lines(chip, consumer, outputs, outputs.count) else {
        throw GPIOPortError(
          operation: .request, chip: request.chip, offsets: request.outputs.map(\.offset),
          code: errno)
      }
      held[held.count - 1].outputs = handle
    }
    if !inputs.isEmpty {
      guard let handle = cgpiod_chip_request_lines(chip, consumer, inputs, inputs.count) else {
        throw GPIOPortError(
          operation: .request, chip: request.chip, offsets: request.inputs.map(\.offset),
          code: errno)
      }
      held[held.count - 1].inputs = handle
    }
  }

  /// Polls the wake pipe and every input request's descriptor (poll,
  /// `cgpiod_request_get_fd`, `cgpiod_request_read_events`); after a line's edges,
  /// reads its level (see `recheckDelays`) and hands on an edge the kernel lost
  /// (`levelChanges`). No timeout while no edge is that recent.
  func waitForEdges() throws(GPIOPortError) -> [RawEdge] {
    let sources = held.compactMap { held in held.inputs.map { (held.path, $0) } }
    var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
    fds += sources.map {
      pollfd(fd: cgpiod_request_get_fd($0.1), events: Int16(POLLIN), revents: 0)
    }
    while true {
      let timeout = rechecks.values.map(\.due).min().map(Self.milliseconds(until:)) ?? -1
      if poll(&fds, nfds_t(fds.count), timeout) < 0 {
        if errno == EINTR { continue }
        throw GPIOPortError(operation: .read, chip: sources.first?.0 ?? "", code: errno)
      }
      if fds[0].revents != 0 { return [] }
      var edges: [RawEdge] = []
      for (index, source) in sources.enumerated() where fds[index + 1].revents != 0 {
        if fds[index + 1].revents & Int16(POLLIN) == 0 {
          throw GPIOPortError(operation: .read, chip: source.0, code: ENODEV)
        }
        edges += try read(source.1, chip: source.0)
      }
      let now = Self.monotonicNanoseconds()
      for edge in edges {
        rechecks[edge.line] = (edge.rising, now, Self.recheckDelays.count + 1)
      }
      // The edges go first: the level is read again on the next call, at once.
      if !edges.isEmpty { return edges }
      edges = levelChanges(dueBy: now)
      if !edges.isEmpty { return edges }
    }
  }

  /// Reads again the level of each line whose check is due (see `recheckDelays`) and
  /// returns an edge made now for each one whose level is not where its last edge left
  /// it (`cgpiod_request_get_value`).
  ///
  /// The kernel can lose an edge: an edge interrupt stays masked while the kernel's
  /// threaded handler of the edge before runs, and an edge in that time is dropped
  /// (gpio-sim drops it; the BCM283x pin controller stops detecting while masked). A
  /// bouncing switch whose last bounce falls there would otherwise leave its pad
  /// pressed, or released, until its next edge, and the debouncer would report a
  /// release in the middle of a press.
  private func levelChanges(dueBy now: UInt64) -> [RawEdge] {
    var edges: [RawEdge] = []
    for (line, check) in rechecks where check.due <= now {
      var rising = check.rising
      if let level = level(of: line), level != rising {
        rising = level
        edges.append(RawEdge(line: line, rising: rising, nanoseconds: now))
      }
      let left = check.left - 1
      rechecks[line] =
        left > 0
        ? (rising, now + Self.recheckDelays[Self.recheckDelays.count - left], left) : nil
    }
    return edges
  }

  /// CLOCK_MONOTONIC in nanoseconds, the kernel's clock for edge timestamps
  /// (clock_gettime).
  private static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  /// A poll timeout in milliseconds, rounded up, until a monotonic time.
  private static func milliseconds(until due: UInt64) -> Int32 {
    let now = monotonicNanoseconds()
    return due <= now ? 0 : Int32((due - now + 999_999) / 1_000_000)
  }

  private func read(_ request: OpaquePointer, chip: String) throws(GPIOPortError) -> [RawEdge] {
    var events = [cgpiod_event](repeating: cgpiod_event(), count: 64)
    let count = cgpiod_request_read_events(request, &events, events.count)
    guard count >= 0 else { throw GPIOPortError(operation: .read, chip: chip, code: errno) }
    return events.prefix(Int(count)).map {
      RawEdge(
        line: LineID(chip: chip, offset: Int($0.offset)), rising: $0.rising,
        nanoseconds: $0.timestamp_ns)
    }
  }

  /// Makes the reader's poll return, now and from then on: the byte written to the
  /// pipe is never read (write).
  func wake() {
    var byte: UInt8 = 1
    _ = Glibc.write(wakeWrite, &byte, 1)
  }

  /// Reads an input's logical value (`cgpiod_request_get_value`).
  func level(of line: LineID) -> Bool? {
    guard let inputs = held.first(where: { $0.path == line.chip })?.inputs else { return nil }
    let level = cgpiod_request_get_value(inputs, UInt32(line.offset))
    return level < 0 ? nil : level == 1
  }

  /// Drives an output (`cgpiod_request_set_value`).
  func set(_ line: LineID, active: Bool) throws(GPIOPortError) {
    try lock.withLock { released throws(GPIOPortError) in
      guard !released, let outputs = held.first(where: { $0.path == line.chip })?.outputs,
        cgpiod_request_set_value(outputs, UInt32(line.offset), active) == 0
      else {
        throw GPIOPortError(
          operation: .set, chip: line.chip, offsets: [line.offset], code: released ? EBADF : errno)
      }
    }
  }

  /// Releases inputs, then outputs, then closes each chip, last chip first
  /// (`cgpiod_request_release`, `cgpiod_chip_close`), and closes the wake pipe.
  func release() {
    let first = lock.withLock { released in
      defer { released = true }
      return !released
    }
    guard first else { return }
    for entry in held.reversed() {
      cgpiod_request_release(entry.inputs)
      cgpiod_request_release(entry.outputs)
      cgpiod_chip_close(entry.chip)
    }
    held = []
    close(wakeWrite)
    close(wakeRead)
  }

  private static func bias(_ bias: GPIOWiring.Bias) -> cgpiod_bias {
    switch bias {
    case .pullUp: CGPIOD_BIAS_PULL_UP
    case .pullDown: CGPIOD_BIAS_PULL_DOWN
    case .none: CGPIOD_BIAS_DISABLED
    }
  }
}
