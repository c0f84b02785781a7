import Foundation
import SimonControl
import SimonGame

/// What goes down a page's WebSocket: simond's own control-socket lines (docs/design.md section
/// 10, one JSON object per message) and one of simon-web's own, `link`, which says
/// whether simond is connected: `{"link":{"up":false,"why":"..."}}`.
public enum LiveFeed {
  /// How many messages a page may fall behind before it is dropped: a game's busiest
  /// second is some 20 messages, so only a page that stopped reading gets there.
  public static let capacity = 512

  /// The first lines a page gets: the link, then (once simond has greeted) the hello and
  /// a snapshot of now.
  static func opening(_ standing: CabinetLink.Standing) -> [String] {
    var lines = [linkLine(standing)]
    if standing.up, let hello = standing.hello, let snapshot = standing.snapshot {
      lines.append(ControlMessage.hello(hello).line)
      lines.append(ControlMessage.snapshot(snapshot, t: standing.time).line)
    }
    return lines
  }

  /// The `link` line.
  static func linkLine(_ standing: CabinetLink.Standing) -> String {
    let data = (try? JSONEncoder.api.encode(LinkLine(link: LinkStatus(standing)))) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// Keeps the standing's snapshot as simond's own would be after `message`.
  /// - Returns: whether pages get the message (replies to requests are not theirs).
  static func apply(_ message: ControlMessage, to standing: inout CabinetLink.Standing) -> Bool {
    switch message {
    case .ok, .error: return false
    case .hello(let hello): standing.hello = hello
    default: break
    }
    standing.snapshot.apply(message)
    if let t = message.time { standing.time = t }
    return true
  }
}
