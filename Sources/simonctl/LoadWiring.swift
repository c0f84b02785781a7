import SimonGPIO

/// The wiring the hardware commands use. For now the built-in default, the recommended
/// wiring of `wiring/README.md`; the configuration file takes its place here.
/// - Throws: nothing yet; a configuration error will surface here.
func loadWiring(common: CommonOptions) throws -> GPIOWiring {
  if let config = common.config {
    Console.error("simonctl: note: \(config) is not read yet; using the recommended wiring")
  }
  return .recommended
}
