import ArgumentParser

/// The options every subcommand shares: where the configuration and the state live.
struct CommonOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The simond configuration file.", valueName: "path"))
  var config: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where scores, players and settings live (default: $STATE_DIRECTORY, else the configuration's, else the running simond's, else /var/lib/simon-cabinet).",
      valueName: "dir"))
  var stateDir: String?
}
