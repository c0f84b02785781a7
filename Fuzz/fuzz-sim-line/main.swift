// libFuzzer target: a line a client sends to the simulated cabinet's socket, and one the
// cabinet sends to a client. Built and run by scripts/fuzz.
import CFuzzing
import SimonSim

/// Reads one input as a simulated cabinet line of each direction; never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSimLines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let message = try? SimClientMessage(line: line) {
    precondition(try! SimClientMessage(line: String(message.line.dropLast())) == message)
  }
  _ = try? SimServerMessage(line: line)
  return 0
}

#if FUZZING
  /// The program's entry in a fuzzing build (scripts/fuzz builds with -parse-as-library,
  /// and SwiftPM links the entry point by this name): libFuzzer's driver.
  @_cdecl("fuzz_sim_line_main")
  func fuzzingMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> CInt {
    simon_fuzz_run(argc, argv, fuzzSimLines)
  }
#endif
