import ArgumentParser
import SimonControl

/// The operator tool: scores, players, settings, configuration and hardware checks.
@main
struct SimonCtl: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simonctl",
    abstract: "Manage a Simon cabinet: scores, players, settings, configuration, hardware.",
    version: SimonVersion.current,
    subcommands: [
      ScoresCommand.self, PlayersCommand.self, NameLatest.self, SettingsCommand.self,
      TestHardware.self, ToneCommand.self, ConfigCommand.self, Play.self, StatusCommand.self,
      MatchCommand.self, DailyCommand.self,
    ]
  )
}
