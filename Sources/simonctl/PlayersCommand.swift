import ArgumentParser

/// `simonctl players`: the registered players and their pad codes.
struct PlayersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "players",
    abstract: "Register, list and remove players, set their pad codes, see their progress.",
    discussion: """
      A name is 1 to 16 characters: letters, digits, spaces and - _ . ' (not only \
      spaces, no space at either end); names are unique ignoring case; "Player" and \
      "Player N" are kept for players without a name. A pad code is four presses of \
      the pads, such as "green red red blue" or "1224" (1 green, 2 red, 3 yellow, \
      4 blue); it signs the player in at the cabinet, so codes are unique. \
      sign-in, sign-out and team tell the running simond who plays the next games.
      """,
    subcommands: [
      PlayersList.self, PlayersAdd.self, PlayersRemove.self, PlayersCode.self,
      PlayersStats.self, PlayersSignIn.self, PlayersSignOut.self, PlayersTeam.self,
    ],
    defaultSubcommand: PlayersList.self)
}
