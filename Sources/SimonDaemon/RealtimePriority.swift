/// The real-time FIFO priorities simond asks for its two threads with deadlines. The
/// unit grants up to 20 (`LimitRTPRIO=20`); elsewhere (simond started by hand) the request
/// is refused, logged once, and the threads run at normal priority.
///
/// A FIFO thread runs before any normal one the moment it is ready, so a browser beside
/// simond on the Pi cannot delay a press or a period of sound. Both threads sleep while
/// nothing happens and do little when woken, and the kernel keeps 5% of each second for
/// normal threads (sched_rt_runtime_us), so neither can starve the system.
enum RealtimePriority {
  /// The audio thread: above the cabinet thread, as a late period is heard as a click.
  static let audio: Int32 = 20
  /// The cabinet thread: inputs, the game and the lamps.
  static let cabinet: Int32 = 10
}
