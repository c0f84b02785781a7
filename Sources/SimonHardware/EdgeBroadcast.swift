import Synchronization

/// Hands every input edge to each of any number of streams and receivers, in order;
/// finishing ends the streams (keeping the fault that ended them), and a stream asked for
/// afterwards ends at once. The meaning of `InputSource.edges()`, in one place.
public final class EdgeBroadcast: Sendable {
  private struct State {
    var streams: [Int: AsyncStream<InputEdge>.Continuation] = [:]
    var receivers: [@Sendable ([InputEdge]) -> Void] = []
    var nextID = 0
    var finished = false
    var fault: HardwareError?
  }

  private let state = Mutex(State())

  /// A broadcast with no listener yet.
  public init() {}

  /// A stream of the edges from now on.
  public func subscribe() -> AsyncStream<InputEdge> {
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

  /// Calls `receiver` with every batch of edges sent from now on, on the sender's thread.
  public func deliver(to receiver: @escaping @Sendable ([InputEdge]) -> Void) {
    state.withLock { $0.receivers.append(receiver) }
  }

  /// Sends edges to every receiver, then to every stream.
  public func send(_ edges: [InputEdge]) {
    guard !edges.isEmpty else { return }
    let (receivers, streams) = state.withLock {
      // Usually no stream listens (a cabinet thread's runner is a receiver): copy nothing.
      ($0.receivers, $0.streams.isEmpty ? [] : Array($0.streams.values))
    }
    for receiver in receivers { receiver(edges) }
    for stream in streams {
      for edge in edges { stream.yield(edge) }
    }
  }

  /// Why the edges ended early, if they did.
  public var fault: HardwareError? { state.withLock { $0.fault } }

  /// Ends every stream, with the fault that ended them, if any; receivers get no more.
  public func finish(fault: HardwareError? = nil) {
    let streams = state.withLock { state in
      state.finished = true
      state.receivers = []
      if state.fault == nil { state.fault = fault }
      defer { state.streams = [:] }
      return Array(state.streams.values)
    }
    for stream in streams { stream.finish() }
  }
}
