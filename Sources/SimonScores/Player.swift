/// A registered player: a name and the pad code that signs them in at the cabinet.
public struct Player: Codable, Equatable, Sendable {
  /// The name, as it was registered (its case kept); unique ignoring case.
  public var name: String
  /// The four presses that sign the player in; unique among players.
  public var code: PadCode

  /// A player with every value given; the name is not checked here (the store does).
  public init(name: String, code: PadCode) {
    self.name = name
    self.code = code
  }
}
