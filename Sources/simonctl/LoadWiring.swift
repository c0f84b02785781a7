import SimonGPIO

/// The wiring the hardware commands use: the configuration's, or the recommended wiring
/// of `wiring/README.md` when there is no configuration file.
/// - Throws: `ExitCode(78)` after listing the problems of a bad configuration.
func loadWiring(common: CommonOptions) throws -> GPIOWiring {
  try loadConfiguration(common: common).wiring
}
