// libFuzzer target: a request a client sends on the control socket (a request that reads
// must write and read back the same), and a line simond sends. Built and run by
// scripts/fuzz.
import CFuzzing
import SimonControl

/// Reads one input as a control request and a control message; never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlLines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let request = try? ControlRequest(line: line) {
    precondition(try! ControlRequest(line: String(request.line.dropLast())) == request)
  }
  _ = try? ControlMessage(line: line)
  return 0
}

#if FUZZING
  /// The program's entry in a fuzzing build (scripts/fuzz builds with -parse-as-library,
  /// and SwiftPM links the entry point by this name): libFuzzer's driver.
  @_cdecl("fuzz_control_main")
  func fuzzingMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> CInt {
    simon_fuzz_run(argc, argv, fuzzControlLines)
  }
#endif
