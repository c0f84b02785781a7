/// The venue's topic tree (docs/venue.md): everything under
/// `<prefix>/<venue>/<cabinet>/`, so that a venue's broker can be bridged to a central
/// one with one line (`topic simon/# out 1`).
public struct Topics: Equatable, Sendable {
  /// `<prefix>/<venue>`.
  public let venueRoot: String
  /// This cabinet's id.
  public let cabinet: String
  /// Home Assistant's discovery prefix.
  public let discoveryPrefix: String

  /// The topics of a cabinet in a venue.
  public init(config: VenueConfig) {
    venueRoot = "\(config.topicPrefix)/\(config.venue)"
    cabinet = config.cabinet
    discoveryPrefix = config.homeAssistant.prefix
  }

  /// A record of a cabinet: retained, QoS 1, one topic per record, so a cabinet that
  /// joins later receives the venue's history.
  public func record(_ key: String, sequence: Int) -> String {
    "\(venueRoot)/\(key)/record/\(sequence)"
  }

  /// Every cabinet's records.
  public var allRecords: String { "\(venueRoot)/+/record/+" }

  /// "online" or "offline" (the last will), retained.
  public var availability: String { "\(venueRoot)/\(cabinet)/availability" }

  /// The bridge's own probe, not retained: its return tells that the broker delivered
  /// every retained record (`OwnRecords`).
  public var probe: String { "\(venueRoot)/\(cabinet)/probe" }

  /// The cabinet's state for Home Assistant, retained JSON.
  public var state: String { "\(venueRoot)/\(cabinet)/state" }

  /// Home Assistant's device discovery topic for this cabinet.
  public var discovery: String {
    "\(discoveryPrefix)/device/\(HomeAssistantDevice.id(cabinet))/config"
  }

  /// This cabinet's head-to-head messages (`MatchMessage`): QoS 1, not retained.
  public var match: String { "\(venueRoot)/\(cabinet)/match" }

  /// Every cabinet's head-to-head messages.
  public var allMatches: String { "\(venueRoot)/+/match" }

  /// Whether this cabinet takes head-to-head matches: "on" or "off", retained.
  public var matchesTaken: String { "\(venueRoot)/\(cabinet)/matches" }

  /// Every cabinet's `matchesTaken`.
  public var allMatchesTaken: String { "\(venueRoot)/+/matches" }

  /// Every cabinet's availability ("online", or the last will "offline").
  public var allAvailability: String { "\(venueRoot)/+/availability" }

  /// This cabinet's side of a match, for the venue's match table: retained, QoS 1.
  public func result(_ match: String) -> String { "\(venueRoot)/\(cabinet)/result/\(match)" }

  /// Every cabinet's sides of matches.
  public var allResults: String { "\(venueRoot)/+/result/+" }

  /// This cabinet's table of the day's challenge of `date` (its top ten, `VenueDaily`):
  /// retained, QoS 1, one topic per date.
  public func daily(_ date: String) -> String { "\(venueRoot)/\(cabinet)/daily/\(date)" }

  /// Every cabinet's tables of the day's challenge.
  public var allDaily: String { "\(venueRoot)/+/daily/+" }

  /// The cabinet and date a daily topic names, or nil when it names none.
  public func dailyKey(of topic: String) -> (cabinet: String, date: String)? {
    keyed(topic, under: "daily").map { ($0.cabinet, $0.key) }
  }

  /// The cabinet and match a result topic names, or nil when it names none.
  public func resultKey(of topic: String) -> (cabinet: String, match: String)? {
    keyed(topic, under: "result").map { ($0.cabinet, $0.key) }
  }

  /// The cabinet and key of a topic `<venue>/<cabinet>/<kind>/<key>`, or nil when it is
  /// not one.
  private func keyed(_ topic: String, under kind: Substring) -> (cabinet: String, key: String)? {
    guard topic.hasPrefix(venueRoot + "/") else { return nil }
    let levels = topic.dropFirst(venueRoot.count + 1).split(
      separator: "/", omittingEmptySubsequences: false)
    guard levels.count == 3, levels[1] == kind, !levels[0].isEmpty, !levels[2].isEmpty
    else { return nil }
    return (String(levels[0]), String(levels[2]))
  }

  /// The cabinet whose `leaf` topic (`match`, `availability`) this is, or nil.
  public func cabinet(of topic: String, leaf: String) -> String? {
    guard topic.hasPrefix(venueRoot + "/") else { return nil }
    let levels = topic.dropFirst(venueRoot.count + 1).split(
      separator: "/", omittingEmptySubsequences: false)
    guard levels.count == 2, levels[1] == leaf, !levels[0].isEmpty else { return nil }
    return String(levels[0])
  }

  /// The cabinet and sequence a record topic names, or nil when it names none.
  public func recordKey(of topic: String) -> (cabinet: String, sequence: Int)? {
    guard topic.hasPrefix(venueRoot + "/") else { return nil }
    let levels = topic.dropFirst(venueRoot.count + 1).split(
      separator: "/", omittingEmptySubsequences: false)
    guard levels.count == 3, levels[1] == "record", let sequence = Int(levels[2]) else {
      return nil
    }
    return (String(levels[0]), sequence)
  }
}
