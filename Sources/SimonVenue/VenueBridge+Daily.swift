import FoundationEssentials
import SimonControl
import SimonPOSIX
import SimonScores
import SimonVenueStore

/// The day's challenge at the venue: each cabinet's top ten of each date published
/// retained on `daily/DATE` (one message a date, replaced as the table changes), and every
/// cabinet's merged into the venue's tables of the day (daily.json in the bridge's
/// directory).
extension VenueBridge {
  /// Publishes this cabinet's tables of the day that changed since last published, and
  /// merges them into the venue's. `everyDate`: `days` is every date simond keeps, and
  /// the broker's tables of any other date of this cabinet's are cleared.
  func publishDaily(_ days: [DailyBook.Day], in session: inout Session, everyDate: Bool) {
    var changed = false
    if everyDate { session.ownDailyDates = Set(days.map(\.date)) }
    for day in days {
      session.ownDailyDates?.insert(day.date)
      // Without the reaction times: simond lists every date without them, and the venue's
      // tables show none; one date's list compares alike however it was asked for.
      let shown = day.withoutReactions
      let daily = VenueDaily(cabinet: config.cabinet, date: shown.date, games: shown.games)
      guard session.publishedDaily[day.date] != daily else { continue }
      if mergeIntoDaily(daily, in: &session) { changed = true }
      guard session.connected else { continue }
      do {
        _ = try session.mqtt.publish(topics.daily(day.date), daily.payload, retain: true)
        session.publishedDaily[day.date] = daily
      } catch {
        logger.warning("day's challenge \(day.date): \(error); published on the next connection")
      }
    }
    if changed { writeVenue(&session) }
    clearStaleDaily(&session)
  }

  /// Clears from the broker this cabinet's tables of dates simond no longer keeps (older
  /// than its 31 days): retained forever, they would reach every bridge on every
  /// connection.
  private func clearStaleDaily(_ session: inout Session) {
    guard session.connected, let kept = session.ownDailyDates else { return }
    for date in session.brokerOwnDaily.subtracting(kept).sorted() {
      do {
        _ = try session.mqtt.publish(topics.daily(date), [], retain: true)
        session.brokerOwnDaily.remove(date)
        logger.info(
          "cleared this cabinet's table of the day \(PlayerName.printable(date)) from the broker: no longer kept"
        )
      } catch {
        logger.warning(
          "day's challenge \(PlayerName.printable(date)): \(error); cleared on the next connection")
      }
    }
  }

  /// Another cabinet's table of a day, for the venue's.
  func mergeDaily(
    _ payload: [UInt8], on topic: String, key: (cabinet: String, date: String),
    in session: inout Session
  ) {
    guard key.cabinet != config.cabinet else {
      // Its own come from simond; a copy the broker holds is cleared once simond no
      // longer keeps its date.
      guard !payload.isEmpty else { return }
      session.brokerOwnDaily.insert(key.date)
      return clearStaleDaily(&session)
    }
    let shown = PlayerName.printable(topic)
    guard payload.count <= VenueDaily.maximumPayload else {
      return logger.warning(
        "ignored a day's table on \(shown): longer than \(VenueDaily.maximumPayload) bytes")
    }
    guard !payload.isEmpty else { return }  // a table cleared from the broker
    let daily: VenueDaily
    do {
      daily = try VenueDaily(payload: payload)
    } catch {
      return logger.warning("ignored a day's table on \(shown): \(error.message)")
    }
    guard daily.cabinet == key.cabinet, daily.date == key.date else {
      return logger.warning(
        "ignored a day's table on \(shown): it says it is \(daily.cabinet)'s of \(daily.date)")
    }
    let latest = Self.latestDate(now: Int(Date().timeIntervalSince1970))
    guard daily.date <= latest else {
      return logger.warning(
        "ignored a day's table on \(shown): its date is after \(latest) (is \(daily.cabinet)'s clock right?)"
      )
    }
    if mergeIntoDaily(daily, in: &session) { paceVenueWrite(&session) }
  }

  /// The latest date a cabinet may be at, `now` by the wall clock: a day ahead of this
  /// one's (a venue across a time zone's line), so that a cabinet whose clock is wrong
  /// cannot push the real dates out of the 31 kept.
  static func latestDate(now: Int) -> String {
    POSIX.localTime(epochSeconds: now + 36 * 3600).isoDate
  }

  /// Merges a cabinet's table of a day into the venue's held in memory. Returns whether
  /// it changed.
  private func mergeIntoDaily(_ daily: VenueDaily, in session: inout Session) -> Bool {
    if session.dailyBook == nil {
      do {
        session.dailyBook = try dailyStore.load()
      } catch {
        logger.error("venue daily: cannot read \(dailyStore.path): \(error)")
        return false
      }
    }
    guard session.dailyBook!.merge(daily) else { return false }
    session.dailyChanged = true
    return true
  }
}
