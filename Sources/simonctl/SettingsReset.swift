import ArgumentParser
import SimonControl
import SimonScores

/// `simonctl settings reset KEY|--all`.
struct SettingsReset: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset",
    abstract: "Let a setting (or every one) follow the configuration again.",
    discussion: """
      Forgets the value changed at the cabinet or with 'settings set': the \
      configuration file's value (or the built-in default) applies again. Through \
      simond when it runs on this state directory (the next game plays it), else in \
      settings.json.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Argument(help: ArgumentHelp("The setting, as in the configuration file.", valueName: "key"))
  var key: KeyArgument?

  @Flag(help: "Reset every setting.")
  var all = false

  func validate() throws {
    if all == (key != nil) { throw ValidationError("Give one setting to reset, or --all.") }
  }

  func run() throws {
    try Output.run {
      let what = key.map { "\($0.key.rawValue) follows" } ?? "Every setting follows"
      switch try DaemonRoute.find(common: common, socket: socket) {
      case .live(let client):
        _ = try DaemonRoute.ask(client, .reset(key: key?.key.rawValue))
        print("\(what) the configuration again.")
        print(SettingsSet.appliedLive)
      case .files(let stores, let reason):
        if let key {
          try stores.settings.reset(key.key)
        } else {
          try stores.settings.reset()
        }
        print("\(what) the configuration again.")
        print(SettingsSet.savedForLater(reason))
      }
    }
  }
}
