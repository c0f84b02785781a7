import Foundation
import HTTPTypes
import Hummingbird

/// What every request passes before it is answered:
/// - only GET and HEAD: the screen and its API change nothing (405 with `Allow`); the
///   router answers HEAD as GET, without the body (`ScreenServer.router`);
/// - a path with a control character (a NUL, a newline), encoded or not, or with a
///   broken percent-encoding gets 400: it names no file and no route;
/// - the `Host` must be one this cabinet answers to (`HostCheck`), so a web site that
///   rebinds its name to the cabinet's address cannot read its API from a browser;
/// - every answer says to run only the page's own scripts, styles and connections
///   (Content-Security-Policy), never to be framed, sniffed or sent a referrer.
public struct ScreenGuard<Context: RequestContext>: RouterMiddleware {
  let hosts: HostCheck

  /// A guard that lets in the hosts `hosts` allows.
  public init(hosts: HostCheck) { self.hosts = hosts }

  /// The policy every answer carries.
  public static var policy: String {
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
      + "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
      + "frame-ancestors 'none'"
  }

  /// Checks the request, then adds the headers to whatever answers it.
  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    do {
      guard request.method == .get || request.method == .head else {
        throw APIError(
          .methodNotAllowed,
          "\(request.method) \(request.uri.path): the screen is read-only (GET only)",
          headers: [.allow: "GET, HEAD"])
      }
      try Self.checkPath(request.uri.path)
      let host = request.head.authority ?? ""
      guard hosts.allows(host) else {
        throw APIError(
          .misdirectedRequest,
          "host \"\(host.prefix(80))\" is not this cabinet's (simon-web --allow-host adds a name)")
      }
      response = try await next(request, context)
    } catch let error as APIError {
      response = try error.response(from: request, context: context)
    }
    response.headers[.contentSecurityPolicy] = Self.policy
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.referrerPolicyHeader] = "no-referrer"
    response.headers[.xFrameOptions] = "DENY"
    // Files are revalidated (FileMiddleware answers with ETag and Last-Modified), so an
    // upgraded page is never stale; answers from simond are never kept.
    response.headers[.cacheControl] = request.uri.path.hasPrefix("/api/") ? "no-store" : "no-cache"
    return response
  }
}

extension ScreenGuard {
  /// Throws 400 for a path that has a control character once percent-decoded, or that
  /// cannot be decoded.
  static func checkPath(_ path: String) throws {
    guard let decoded = path.removingPercentEncoding else {
      throw APIError(.badRequest, "the path \"\(path.prefix(80))\" is not percent-encoded UTF-8")
    }
    let control = decoded.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F }
    if let control {
      throw APIError(
        .badRequest,
        "the path \"\(path.prefix(80))\" has a control character (U+\(String(control.value, radix: 16, uppercase: true)))"
      )
    }
  }
}

extension HTTPField.Name {
  static let contentSecurityPolicy = Self("Content-Security-Policy")!
  static let xContentTypeOptions = Self("X-Content-Type-Options")!
  static let referrerPolicyHeader = Self("Referrer-Policy")!
  static let xFrameOptions = Self("X-Frame-Options")!
}
