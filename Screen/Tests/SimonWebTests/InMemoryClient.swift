import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOEmbedded
import SimonWeb
import Synchronization

/// Requests answered by a router in memory, as the server would answer them: errors the
/// router throws become their responses; the body is collected whole.
struct InMemoryClient {
  /// What came back.
  struct Answer {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String
  }

  let responder: RouterResponder<ScreenContext>

  init(_ router: Router<ScreenContext>) {
    responder = router.buildResponder()
  }

  func send(
    _ method: HTTPRequest.Method, _ path: String, host: String = "127.0.0.1:8080",
    headers: HTTPFields = [:], body: String = ""
  ) async throws -> Answer {
    var head = HTTPRequest(method: method, scheme: "http", authority: host, path: path)
    head.headerFields = headers
    let request = Request(head: head, body: .init(buffer: ByteBuffer(string: body)))
    let context = ScreenContext(
      source: .init(channel: EmbeddedChannel(), logger: Logger(label: "test")))
    let response: Response
    do {
      response = try await responder.respond(to: request, context: context)
    } catch let error as any HTTPResponseError {
      response = try error.response(from: request, context: context)
    }
    let collected = Collected()
    try await response.body.write(Collector(collected: collected))
    return Answer(status: response.status, headers: response.headers, body: collected.text)
  }
}

private final class Collected: Sendable {
  private let buffer = Mutex(ByteBuffer())
  func append(_ bytes: ByteBuffer) { buffer.withLock { _ = $0.writeImmutableBuffer(bytes) } }
  var text: String { buffer.withLock { String(buffer: $0) } }
}

private struct Collector: ResponseBodyWriter {
  let collected: Collected
  mutating func write(_ buffer: ByteBuffer) async throws { collected.append(buffer) }
  mutating func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
    for buffer in buffers { collected.append(buffer) }
  }
  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
