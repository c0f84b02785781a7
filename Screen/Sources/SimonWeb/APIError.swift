import Foundation
import Hummingbird

/// A request the API refuses, with its status and what was wrong, sent as
/// `{"error": "..."}`.
public struct APIError: HTTPResponseError {
  /// The HTTP status.
  public let status: HTTPResponse.Status
  /// What was wrong, for people.
  public let message: String
  /// Extra headers (`Allow` with 405).
  public let headers: HTTPFields

  /// An error with its status and words.
  public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
    self.status = status
    self.message = message
    self.headers = headers
  }

  /// The JSON body.
  public func response(from request: Request, context: some RequestContext) throws -> Response {
    let data = try JSONEncoder.api.encode(["error": message])
    var fields = headers
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
