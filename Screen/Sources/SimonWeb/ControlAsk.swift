import Dispatch
import SimonControl

/// One request to simond on a connection of its own, off the server's threads: the
/// control client blocks, so requests wait their turn on one queue of their own (a
/// request takes a millisecond or two; the page asks a handful at a time).
public struct ControlAsk: Sendable {
  /// The control socket's path.
  public let path: String
  /// How long simond has to answer.
  public let limit: Duration
  private static let queue = DispatchQueue(label: "simon-web.control-requests")

  /// Requests to the control socket at `path`, answered within `limit`.
  public init(path: String, limit: Duration = .seconds(3)) {
    self.path = path
    self.limit = limit
  }

  /// Sends `action` and returns what simond answered.
  /// - Throws: `ControlRefusal` when simond refused it (its words); `SocketClientError` when
  ///   simond is not there or did not answer in time.
  public func callAsFunction(_ action: ControlRequest.Action) async throws -> ControlResult {
    let path = self.path
    let limit = self.limit
    return try await withCheckedThrowingContinuation { continuation in
      Self.queue.async {
        continuation.resume(
          with: Result {
            let client = try ControlClient(path: path)
            try client.greet(within: limit)
            return try client.request(action, within: limit)
          })
      }
    }
  }
}
