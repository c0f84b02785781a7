import CFuzzing
import SimonScores
// libFuzzer target: a record, a side of a match, and a cabinet's list of a date of the
// day's challenge, as the venue bridge receives them
// from the broker (what reads must write and read back the same). Built and run by
// scripts/fuzz.
import SimonVenueStore

/// Reads one input as each message of the venue; never crashes, and what reads
/// round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVenueRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let record = try? VenueRecord(payload: bytes) {
    precondition(try! VenueRecord(payload: record.payload) == record)
  }
  if let side = try? VenueMatch(payload: bytes) {
    precondition(try! VenueMatch(payload: side.payload) == side)
  }
  if let daily = try? VenueDaily(payload: bytes) {
    precondition(try! VenueDaily(payload: daily.payload) == daily)
  }
  return 0
}

#if FUZZING
  /// The program's entry in a fuzzing build (scripts/fuzz builds with -parse-as-library,
  /// and SwiftPM links the entry point by this name): libFuzzer's driver.
  @_cdecl("fuzz_venue_main")
  func fuzzingMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> CInt {
    simon_fuzz_run(argc, argv, fuzzVenueRecord)
  }
#endif
