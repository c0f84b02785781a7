import SimonControl
import SimonGPIO

/// The wiring the hardware commands use: the configuration's, or the recommended wiring
/// of `wiring/README.md` when there is no configuration file.
/// - Throws: `ExitCode(ExitStatus.config)` after listing the problems of a bad configuration.
func loadWiring(common: CommonOptions) throws -> GPIOWiring {
  try loadConfiguration(common: common).wiring
}
