/// Why simond refused a request or a line, for a program to act on (the message says it
/// for people): the `reason` of an `error` reply.
public enum ControlRefusalReason: String, Codable, CaseIterable, Sendable {
  /// The request breaks a rule: a line that is not a request, a name, a value, a
  /// setting, a roster.
  case invalid
  /// What it names is not there: a player, a game.
  case notFound = "not-found"
  /// Not now: the cabinet or the record is not where the request needs it (name entry
  /// once a later game has begun, a game named already, a name taken).
  case conflict
  /// simond cannot do it now: a state file locked by another writer past the wait or
  /// unreadable, too many clients or requests waiting, the daemon stopping. Try later.
  case unavailable
}
