import SimonHardware
import Synchronization

/// Hands every input edge to each of any number of streams, in order; finishing ends
/// them all (keeping the fault that ended them), and a stream asked for afterwards ends
/// at once.
final class EdgeBroadcast: Sendable {
  private struct State {
    var streams: [Int: AsyncStream<InputEdge>.Continuation] = [:]
    var nextID = 0
    var finished = false
    var fault: HardwareError?
  }

  private let state = Mutex(State())

  /// A stream of the edges from now on.
  func subscribe() -> AsyncStream<InputEdge> {
    let (stream, continuation) = AsyncStream.makeStream(of: InputEdge.self)
    let id = state.withLock { state -> Int? in
      guard !state.finished else { return nil }
      state.nextID += 1
      state.streams[state.nextID] = continuation
      return state.nextID
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
    }
    return stream
  }

  /// Sends edges to every stream.
  func send(_ edges: [InputEdge]) {
    let streams = state.withLock { Array($0.streams.values) }
    for stream in streams {
      for edge in edges { stream.yield(edge) }
    }
  }

  /// Why the edges ended early, if they did.
  var fault: HardwareError? { state.withLock { $0.fault } }

  /// Ends every stream, with the fault that ended them, if any.
  func finish(fault: HardwareError? = nil) {
    let streams = state.withLock { state in
      state.finished = true
      if state.fault == nil { state.fault = fault }
      defer { state.streams = [:] }
      return Array(state.streams.values)
    }
    for stream in streams { stream.finish() }
  }
}
