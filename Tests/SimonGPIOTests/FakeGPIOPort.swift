import SimonPOSIX
import Synchronization
import SystemPackage

@testable import SimonGPIO

#if canImport(Glibc)
  import Glibc
#endif

/// A GPIO system in memory: chips as snapshots, requests recorded, failures on demand.
final class FakeGPIOPort: GPIOPort, Sendable {
  struct State {
    var chips: [ChipSnapshot]
    /// Chips that fail to open, by path, with their errno.
    var unreadable: [String: Errno] = [:]
    /// The error the next request throws.
    var requestError: GPIOPortError?
    /// What the chips look like once a request failed (someone took a line meanwhile).
    var chipsAfterFailedRequest: [ChipSnapshot]?
    var gpioEntries: [String] = []
    var groups: [String: String] = [:]
    var requests: [[ChipRequest]] = []
    var consumers: [String] = []
  }

  let state: Mutex<State>
  let lines = FakeGPIOLines()

  init(chips: [ChipSnapshot]) {
    state = Mutex(State(chips: chips))
  }

  func update(_ body: (inout State) -> Void) { state.withLock { body(&$0) } }
  var requests: [[ChipRequest]] { state.withLock { $0.requests } }
  var consumers: [String] { state.withLock { $0.consumers } }

  func chipPaths() -> [String] {
    state.withLock { state in state.chips.map(\.path) + state.unreadable.keys.sorted() }
  }

  func gpioDeviceNames() -> [String] { state.withLock { $0.gpioEntries } }

  func inspect(chipAt path: String) throws(GPIOPortError) -> ChipSnapshot {
    let result = state.withLock { state -> Result<ChipSnapshot, GPIOPortError> in
      if let code = state.unreadable[path] {
        return .failure(GPIOPortError(operation: .open, chip: path, code: code))
      }
      guard let chip = state.chips.first(where: { $0.path == path }) else {
        return .failure(GPIOPortError(operation: .open, chip: path, code: .noSuchFileOrDirectory))
      }
      return .success(chip)
    }
    return try result.get()
  }

  func group(ofDevice path: String) -> String? { state.withLock { $0.groups[path] } }

  func request(_ chips: [ChipRequest], consumer: String) throws(GPIOPortError) -> any GPIOLines {
    let error = state.withLock { state -> GPIOPortError? in
      state.requests.append(chips)
      state.consumers.append(consumer)
      guard let error = state.requestError else { return nil }
      if let after = state.chipsAfterFailedRequest { state.chips = after }
      return error
    }
    if let error { throw error }
    return lines
  }
}

/// Lines in memory: a test pushes edges or a read failure, which a pipe makes readable
/// to the cabinet thread, and sets levels; every set and the release are logged in order.
final class FakeGPIOLines: GPIOLines, Sendable {
  private enum Item {
    case edges([RawEdge])
    case failure(GPIOPortError)
  }

  private struct State {
    var queue: [Item] = []
    var levels: [LineID: Bool] = [:]
    var levelReads: [LineID] = []
    var log: [String] = []
  }

  private let state = Mutex(State())
  private let readable: Int32
  private let ringer: Int32

  init() {
    let ends = try? Pipe.make()
    precondition(ends != nil, "no pipe for the fake lines")
    readable = ends!.readEnd.rawValue
    ringer = ends!.writeEnd.rawValue
    _ = fcntl(readable, F_SETFL, O_NONBLOCK)
  }

  deinit {
    close(readable)
    close(ringer)
  }

  /// Everything done to the lines: "set /dev/gpiochip0:23 on", "release".
  var log: [String] { state.withLock { $0.log } }

  /// Every level read, in order.
  var levelReads: [LineID] { state.withLock { $0.levelReads } }

  /// Hands edges to the reader, as one batch.
  func push(_ edges: [RawEdge]) { queue(.edges(edges)) }

  /// Makes the reader's next read fail.
  func fail(_ error: GPIOPortError) { queue(.failure(error)) }

  /// Sets the level a line reads from now on, without an edge.
  func setLevel(_ line: LineID, active: Bool) { state.withLock { $0.levels[line] = active } }

  private func queue(_ item: Item) {
    state.withLock { $0.queue.append(item) }
    var byte: UInt8 = 1
    _ = write(ringer, &byte, 1)
  }

  var eventSources: [(chip: String, descriptor: Int32)] { [("/dev/gpiochip0", readable)] }

  func readEdges() throws(GPIOPortError) -> [RawEdge] {
    var byte: UInt8 = 0
    guard read(readable, &byte, 1) == 1 else { return [] }
    let item = state.withLock { $0.queue.isEmpty ? nil : $0.queue.removeFirst() }
    switch item {
    case .edges(let edges): return edges
    case .failure(let error): throw error
    case nil: return []
    }
  }

  func level(of line: LineID) -> Bool? {
    state.withLock { state in
      state.levelReads.append(line)
      return state.levels[line]
    }
  }

  func set(_ line: LineID, active: Bool) throws(GPIOPortError) {
    state.withLock { $0.log.append("set \(line.chip):\(line.offset) \(active ? "on" : "off")") }
  }

  func release() {
    state.withLock { $0.log.append("release") }
  }
}
