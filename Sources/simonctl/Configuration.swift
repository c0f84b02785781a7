import ArgumentParser
import SimonCabinetConfig
import SimonControl

/// The configuration `simonctl` works with: `--config`, else simond's default path
/// (the built-in defaults when there is no file there). A bad file stops the command
/// with every problem listed and exit 78, as simond would.
func loadConfiguration(common: CommonOptions) throws -> DaemonConfig {
  do {
    return try ConfigLoader.load(path: common.config)
  } catch {
    Console.error(error.description)
    throw ExitCode(ExitStatus.config)
  }
}
