import Dispatch
import Synchronization

@testable import SimonGPIO

#if canImport(Glibc)
  import Glibc
#endif

/// A GPIO system in memory: chips as snapshots, requests recorded, failures on demand.
final class FakeGPIOPort: GPIOPort, Sendable {
  struct State {
    var chips: [ChipSnapshot]
    /// Chips that fail to open, by path, with their errno.
    var unreadable: [String: Int32] = [:]
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
        return .failure(GPIOPortError(operation: .open, chip: path, code: ENOENT))
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

/// Lines in memory: a test pushes edges or a read failure; every set and the release
/// are logged in order.
final class FakeGPIOLines: GPIOLines, Sendable {
  private enum Item {
    case edges([RawEdge])
    case failure(GPIOPortError)
  }

  private struct State {
    var queue: [Item] = []
    var woken = false
    var log: [String] = []
  }

  private let state = Mutex(State())
  private let signal = DispatchSemaphore(value: 0)

  /// Everything done to the lines: "set /dev/gpiochip0:23 on", "release".
  var log: [String] { state.withLock { $0.log } }

  /// Hands edges to the reader, as one batch.
  func push(_ edges: [RawEdge]) {
    state.withLock { $0.queue.append(.edges(edges)) }
    signal.signal()
  }

  /// Makes the reader's next wait fail.
  func fail(_ error: GPIOPortError) {
    state.withLock { $0.queue.append(.failure(error)) }
    signal.signal()
  }

  func waitForEdges() throws(GPIOPortError) -> [RawEdge] {
    while true {
      let item = state.withLock { state -> Item? in
        if state.woken { return .edges([]) }
        return state.queue.isEmpty ? nil : state.queue.removeFirst()
      }
      switch item {
      case .edges(let edges): return edges
      case .failure(let error): throw error
      case nil: signal.wait()
      }
    }
  }

  func wake() {
    state.withLock { $0.woken = true }
    signal.signal()
  }

  func set(_ line: LineID, active: Bool) throws(GPIOPortError) {
    state.withLock { $0.log.append("set \(line.chip):\(line.offset) \(active ? "on" : "off")") }
  }

  func release() {
    state.withLock { $0.log.append("release") }
  }
}
