import CFuzzing
import SimonScores
import SimonStateFiles
// libFuzzer target: scores.json, players.json, settings.json, matches.json, daily.json,
// outbox.json, venue.json and the venue's matches.json
// as the stores read them; whatever reads must write and read back the same. Built and
// run by scripts/fuzz.
import SimonVenueStore

/// Reads one input as each state file; never crashes, and what reads round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  StateFileFuzzing.roundTrip(ScoreBook.self, bytes)
  StateFileFuzzing.roundTrip(PlayerRoster.self, bytes)
  StateFileFuzzing.roundTrip(StoredSettings.self, bytes)
  StateFileFuzzing.roundTrip(MatchBook.self, bytes)
  StateFileFuzzing.roundTrip(DailyBook.self, bytes)
  StateFileFuzzing.roundTrip(Outbox.self, bytes)
  StateFileFuzzing.roundTrip(VenueBook.self, bytes)
  StateFileFuzzing.roundTrip(VenueMatchBook.self, bytes)
  return 0
}

#if FUZZING
  /// The program's entry in a fuzzing build (scripts/fuzz builds with -parse-as-library,
  /// and SwiftPM links the entry point by this name): libFuzzer's driver.
  @_cdecl("fuzz_state_main")
  func fuzzingMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> CInt {
    simon_fuzz_run(argc, argv, fuzzStateFiles)
  }
#endif
