/// Where simon-web listens, from `--listen`: `ADDRESS:PORT` or `[IPv6]:PORT`.
public struct ListenAddress: Sendable, Equatable {
  /// The address, without brackets.
  public var host: String
  /// The port, 0-65535 (0: any free one).
  public var port: Int

  /// Reads `ADDRESS:PORT`.
  /// - Throws: `ListenAddressError` saying what is wrong.
  public init(_ text: String) throws(ListenAddressError) {
    let hostPart: Substring
    let portPart: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":")
      else { throw ListenAddressError("\"\(text)\": write an IPv6 address as [ADDRESS]:PORT") }
      hostPart = text[text.index(after: text.startIndex)..<close]
      portPart = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
        throw ListenAddressError("\"\(text)\": expected ADDRESS:PORT, e.g. 127.0.0.1:8080")
      }
      hostPart = text[..<colon]
      portPart = text[text.index(after: colon)...]
    }
    guard !hostPart.isEmpty else {
      throw ListenAddressError("\"\(text)\": no address before the port (0.0.0.0 for every one)")
    }
    guard let port = Int(portPart), (0...65535).contains(port) else {
      throw ListenAddressError("\"\(text)\": the port must be a number from 0 to 65535")
    }
    host = String(hostPart)
    self.port = port
  }

  /// The host as a URL writes it (IPv6 in brackets).
  public var urlHost: String { host.contains(":") ? "[\(host)]" : host }
}

/// A `--listen` value that is not `ADDRESS:PORT`.
public struct ListenAddressError: Error, CustomStringConvertible, Sendable {
  /// What is wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
