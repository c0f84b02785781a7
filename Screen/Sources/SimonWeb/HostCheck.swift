/// The names a request's `Host` may give: an IP address (v4 or v6, as typed on a phone),
/// `localhost`, this machine's host name with or without `.local` (mDNS), and the names
/// the owner adds. Anything else is a browser sent by another site's name (DNS
/// rebinding), and is refused.
public struct HostCheck: Sendable {
  private let names: Set<String>

  /// A check allowing `localhost`, `hostName`, `hostName.local` and `extra`.
  public init(hostName: String, extra: [String] = []) {
    var names: Set<String> = ["localhost"]
    for name in [hostName] + extra where !name.isEmpty {
      names.insert(name.lowercased())
      if !name.contains(".") { names.insert(name.lowercased() + ".local") }
    }
    self.names = names
  }

  /// Whether `authority` (a `Host` header: name or address, maybe with a port) is allowed.
  public func allows(_ authority: String) -> Bool {
    let host = Self.host(of: authority).lowercased()
    if host.isEmpty { return false }
    return names.contains(host) || Self.isIPv4(host) || Self.isIPv6(host)
  }

  /// The host part of `name[:port]` or `[v6][:port]`.
  static func host(of authority: String) -> String {
    if authority.hasPrefix("[") {
      guard let end = authority.firstIndex(of: "]") else { return "" }
      return String(authority[authority.index(after: authority.startIndex)..<end])
    }
    if let colon = authority.lastIndex(of: ":") { return String(authority[..<colon]) }
    return authority
  }

  static func isIPv4(_ host: String) -> Bool {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil
      }
  }

  static func isIPv6(_ host: String) -> Bool {
    host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "%" }
  }
}
