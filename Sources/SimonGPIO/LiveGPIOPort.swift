import CGPIOD
import SimonPOSIX
import Synchronization
import SystemPackage

/// The real GPIO system: every libgpiod call (through the CGPIOD shim) lives in this
/// file; what it needs of libc (a directory's entries, a device's group, errno) it asks
/// the system layer.
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
      throw GPIOPortError(operation: .open, chip: path, code: POSIX.lastError)
    }
    defer { cgpiod_chip_close(chip) }
    var info = cgpiod_chip_info()
    guard cgpiod_chip_get_info(chip, &info) == 0 else {
      throw GPIOPortError(operation: .open, chip: path, code: POSIX.lastError)
    }
    var lines: [LineSnapshot] = []
    for offset in 0..<info.num_lines {
      var line = cgpiod_line_info()
      guard cgpiod_chip_get_line_info(chip, offset, &line) == 0 else {
        throw GPIOPortError(
          operation: .open, chip: path, offsets: [Int(offset)], code: POSIX.lastError)
      }
      lines.append(
        LineSnapshot(
          name: Self.string(line.name), consumer: Self.string(line.consumer), used: line.used))
    }
    return ChipSnapshot(
      path: path, name: Self.string(info.name), label: Self.string(info.label), lines: lines)
  }

  /// The group owning a device (stat, getgrgid).
  func group(ofDevice path: String) -> String? { POSIX.groupName(owning: path) }

  /// Opens each chip and requests its outputs, then its inputs
  /// (`cgpiod_chip_open`, `cgpiod_chip_request_lines`); undoes everything on failure.
  func request(_ chips: [ChipRequest], consumer: String) throws(GPIOPortError) -> any GPIOLines {
    let lines = LiveGPIOLines()
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
  private func entries() -> [String] { POSIX.directoryEntries(devDirectory) }

  /// A string from a fixed-size C character array.
  static func string<Tuple>(_ tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { string(bytes: $0) }
  }

  private static func string(bytes: UnsafeRawBufferPointer) -> String {
    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
  }
}

/// Lines held through the shim: per chip its handle, its output request and its input
/// request.
final class LiveGPIOLines: GPIOLines, @unchecked Sendable {
  private struct Held {
    var path: String
    var chip: OpaquePointer
    var outputs: OpaquePointer?
    var inputs: OpaquePointer?
  }

  // Written only while requesting (before the lines are shared) and by `release`, which
  // runs after the cabinet thread stopped watching; `set` takes the lock.
  private var held: [Held] = []
  private let lock = Mutex(false)  // true once released

  /// Opens a chip and requests its outputs, then its inputs; on failure keeps what was
  /// acquired so `release` undoes it.
  fileprivate func acquire(_ request: ChipRequest, consumer: String) throws(GPIOPortError) {
    guard let chip = cgpiod_chip_open(request.chip) else {
      throw GPIOPortError(operation: .open, chip: request.chip, code: POSIX.lastError)
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
          code: POSIX.lastError)
      }
      held[held.count - 1].outputs = handle
    }
    if !inputs.isEmpty {
      guard let handle = cgpiod_chip_request_lines(chip, consumer, inputs, inputs.count) else {
        throw GPIOPortError(
          operation: .request, chip: request.chip, offsets: request.inputs.map(\.offset),
          code: POSIX.lastError)
      }
      held[held.count - 1].inputs = handle
    }
  }

  /// Each input request's chip and event descriptor (`cgpiod_request_get_fd`).
  var eventSources: [(chip: String, descriptor: Int32)] {
    held.compactMap { entry in entry.inputs.map { (entry.path, cgpiod_request_get_fd($0)) } }
  }

  /// Reads the waiting edges of every input request, without blocking
  /// (`cgpiod_request_read_events`).
  func readEdges() throws(GPIOPortError) -> [RawEdge] {
    var edges: [RawEdge] = []
    for entry in held {
      if let inputs = entry.inputs { try read(inputs, chip: entry.path, into: &edges) }
    }
    return edges
  }

  /// Appends the waiting edges of one request: one array for all the chips, as this runs
  /// for every edge, before its lamp is driven.
  private func read(
    _ request: OpaquePointer, chip: String, into edges: inout [RawEdge]
  ) throws(GPIOPortError) {
    let count = withUnsafeTemporaryAllocation(of: cgpiod_event.self, capacity: 64) { events in
      let count = Int(cgpiod_request_read_events(request, events.baseAddress!, events.count))
      guard count > 0 else { return count }
      edges.reserveCapacity(edges.count + count)
      for event in events.prefix(count) {
        edges.append(
          RawEdge(
            line: LineID(chip: chip, offset: Int(event.offset)), rising: event.rising,
            nanoseconds: event.timestamp_ns))
      }
      return count
    }
    guard count >= 0 else {
      throw GPIOPortError(operation: .read, chip: chip, code: POSIX.lastError)
    }
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
          operation: .set, chip: line.chip, offsets: [line.offset],
          code: released ? .badFileDescriptor : POSIX.lastError)
      }
    }
  }

  /// Releases inputs, then outputs, then closes each chip, last chip first
  /// (`cgpiod_request_release`, `cgpiod_chip_close`).
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
  }

  private static func bias(_ bias: GPIOWiring.Bias) -> cgpiod_bias {
    switch bias {
    case .pullUp: CGPIOD_BIAS_PULL_UP
    case .pullDown: CGPIOD_BIAS_PULL_DOWN
    case .none: CGPIOD_BIAS_DISABLED
    }
  }
}
