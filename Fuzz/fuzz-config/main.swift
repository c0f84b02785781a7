// libFuzzer target: simond.toml as simond and `simonctl config check` read it (the TOML
// reader and the configuration's checks). Built and run by scripts/fuzz.
import CFuzzing
import SimonCabinetConfig

/// Reads one input as a configuration file; never crashes, whatever it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
  _ = try? ConfigLoader.parse(text, path: "fuzz.toml")
  return 0
}

#if FUZZING
  /// The program's entry in a fuzzing build (scripts/fuzz builds with -parse-as-library,
  /// and SwiftPM links the entry point by this name): libFuzzer's driver.
  @_cdecl("fuzz_config_main")
  func fuzzingMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> CInt {
    simon_fuzz_run(argc, argv, fuzzConfiguration)
  }
#endif
