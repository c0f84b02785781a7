import ArgumentParser
import SimonVenueStore

/// `--venue` and `--venue-dir`, for the commands that show the venue's tables as the venue
/// bridge (simon-venue) merged them: scores, match list, daily.
struct VenueOptions: ParsableArguments {
  @Flag(
    help:
      "The venue's instead of this cabinet's: every cabinet's games, as the venue bridge merged them."
  )
  var venue = false

  @Option(
    help: ArgumentHelp(
      "The venue bridge's state directory, for --venue. Default: /var/lib/simon-venue.",
      valueName: "dir"))
  var venueDir: String?

  func validate() throws {
    if venueDir != nil && !venue { throw ValidationError("--venue-dir goes with --venue.") }
  }

  /// The venue bridge's state directory.
  var directory: String { venueDir ?? VenueStore.defaultDirectory }

  /// What to say when the venue's directory has nothing: where else to look.
  var nothingHint: String {
    venueDir == nil
      ? "\n(is simon-venue installed and running? --venue-dir reads another directory)" : ""
  }
}
