import SimonHardware
import SimonPOSIX
import Synchronization

/// The one ordered stream of what happened in the daemon.
///
/// Every happening gets the next sequence number and the time it was appended, and
/// reaches every watcher in that order. Two kinds of watcher: a sink, called at once on
/// the appender's thread (for the sockets, which must interleave their lines with the
/// lamps exactly; a sink only queues and never blocks, and must not append), and a
/// stream, which buffers for an async watcher (systemd, the log).
/// Nothing a watcher does can block an appender.
public final class Journal: Sendable {
  /// One happening with its place and time.
  public struct Entry: Equatable, Sendable {
    /// 1 for the first happening, increasing by one.
    public var sequence: UInt64
    /// When it was appended.
    public var at: MonotonicInstant
    /// What happened.
    public var happening: Happening
  }

  /// How a stream watcher buffers.
  public enum Buffering: Sendable {
    /// Keeps everything until it is read (for what must not be missed: a fault to log).
    case everything
    /// Keeps the newest entries only (for what only needs to be current).
    case newest(Int)
  }

  /// A stream watcher: what it takes, and where it goes.
  private struct StreamWatcher {
    let wants: @Sendable (Happening) -> Bool
    let continuation: AsyncStream<Entry>.Continuation
  }

  private struct State {
    var sequence: UInt64 = 0
    var sinks: [Int: @Sendable (Entry) -> Void] = [:]
    var streams: [Int: StreamWatcher] = [:]
    var nextWatcher = 0
    var finished = false
  }

  private let state = Mutex(State())

  /// An empty journal.
  public init() {}

  /// Appends a happening: every sink sees it before this returns; every stream has it
  /// buffered. Nothing happens after `finish`.
  public func append(_ happening: Happening, at time: MonotonicInstant) {
    state.withLock { state in
      guard !state.finished else { return }
      state.sequence += 1
      let entry = Entry(sequence: state.sequence, at: time, happening: happening)
      for sink in state.sinks.values { sink(entry) }
      for stream in state.streams.values where stream.wants(happening) {
        stream.continuation.yield(entry)
      }
    }
  }

  /// Calls `sink` with every later happening, on the appender's thread, until the
  /// journal finishes. The sink must return quickly and must not append.
  public func watch(_ sink: @escaping @Sendable (Entry) -> Void) {
    state.withLock { state in
      state.sinks[state.nextWatcher] = sink
      state.nextWatcher += 1
    }
  }

  /// A stream watcher's view of the journal.
  public struct Watch: Sendable {
    /// Every happening from the watch's start, in order.
    public let entries: AsyncStream<Entry>
    /// Ends `entries` once what is buffered has been read (a graceful stop).
    public let end: @Sendable () -> Void
  }

  /// Every later happening that `wants` takes, buffered for an async watcher; the stream
  /// ends when the journal finishes or the watch is ended (after what was buffered is
  /// read). `wants` runs on the appender's thread: a happening it leaves out wakes
  /// nobody (a lamp lit by a press wakes no thread but the cabinet's).
  public func stream(
    buffering: Buffering, wants: @escaping @Sendable (Happening) -> Bool = { _ in true }
  ) -> Watch {
    let policy: AsyncStream<Entry>.Continuation.BufferingPolicy =
      switch buffering {
      case .everything: .unbounded
      case .newest(let count): .bufferingNewest(count)
      }
    let (stream, continuation) = AsyncStream.makeStream(of: Entry.self, bufferingPolicy: policy)
    let id = state.withLock { state -> Int? in
      guard !state.finished else { return nil }
      defer { state.nextWatcher += 1 }
      state.streams[state.nextWatcher] = StreamWatcher(wants: wants, continuation: continuation)
      return state.nextWatcher
    }
    guard let id else {
      continuation.finish()
      return Watch(entries: stream, end: {})
    }
    return Watch(
      entries: stream,
      end: { [weak self] in
        self?.state.withLock { _ = $0.streams.removeValue(forKey: id) }
        continuation.finish()
      })
  }

  /// Ends the journal: streams end once read to the end; later appends are ignored.
  public func finish() {
    let streams = state.withLock { state in
      state.finished = true
      defer { state.streams = [:] }
      return state.streams.values.map(\.continuation)
    }
    for stream in streams { stream.finish() }
  }
}
