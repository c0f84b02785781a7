/// The rule for the ids that name a venue's cabinets and its head-to-head matches, in
/// records, messages and MQTT topics: short, ASCII, and safe in a topic level.
public enum VenueID {
  /// The longest id.
  public static let maximumLength = 64

  /// Why `id` cannot name a `thing` ("a cabinet id", "a match id"), or nil when it can.
  public static func problem(_ id: String, naming thing: String) -> String? {
    if id.isEmpty { return "\(thing) cannot be empty" }
    if id.utf8.count > maximumLength {
      return "\(thing) has at most \(maximumLength) characters"
    }
    let allowed = id.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }
    return allowed ? nil : "\(thing) has only ASCII letters, digits, \".\", \"_\" and \"-\""
  }
}
