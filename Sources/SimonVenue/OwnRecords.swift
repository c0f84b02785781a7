import SimonScores
import SimonVenueStore

/// This cabinet's own venue records, as the bridge knows them from its outbox and simond,
/// and which of them the broker holds: the broker is never believed about the cabinet.
///
/// On every connection the broker delivers the retained records of the subscription,
/// then, in order, what the bridge published after subscribing. So once the bridge's own
/// probe comes back (`echoed`), every retained record of this cabinet has arrived, and
/// any record the bridge knows but did not hear is one the broker lost (a new, wiped or
/// killed broker): `missing` says which, to publish again. A broker that delivered out
/// of order costs duplicates only, which merging by key ignores.
struct OwnRecords {
  /// How many of the cabinet's latest records are kept to publish again: those the
  /// outbox remembers as taken, more than simond lists at once.
  static let kept = Outbox.remembered

  /// The records known, by sequence: the latest `kept`.
  private(set) var known: [Int: VenueRecord] = [:]
  /// The copies of the cabinet's keys the broker delivered on this connection: the
  /// latest `kept` (a flood of forged keys costs no more).
  private var delivered: [Int: VenueRecord] = [:]
  /// Sequences published on this connection.
  private var published: Set<Int> = []
  /// The probe of this connection, and whether it came back.
  private(set) var probe = 0
  private(set) var synced = false

  /// What a copy of one of the cabinet's keys, from the broker, is.
  enum Arrival: Equatable {
    /// The record as the cabinet sent it.
    case same
    /// Another record under the key (forged, or an older version): the cabinet's own.
    case differs(ours: VenueRecord)
    /// A key the bridge does not know (yet, older than those kept, or not played).
    case unknown
  }

  /// A new connection: nothing is known to be held yet.
  /// - Returns: the probe to publish once subscribed and everything else is sent.
  mutating func connected() -> String {
    delivered = [:]
    published = []
    synced = false
    probe += 1
    return String(probe)
  }

  /// Remembers a record of the cabinet (taken into the outbox, or taken before).
  mutating func know(_ record: VenueRecord) {
    Self.keep(record, in: &known)
  }

  /// The record was published on this connection: the broker has it.
  mutating func published(_ record: VenueRecord) {
    published.insert(record.sequence)
  }

  /// A copy of one of the cabinet's keys arrived from the broker.
  mutating func arrived(_ record: VenueRecord) -> Arrival {
    Self.keep(record, in: &delivered)
    guard let ours = known[record.sequence] else { return .unknown }
    return ours == record ? .same : .differs(ours: ours)
  }

  /// A probe arrived: true when it is this connection's, whose records have all arrived.
  mutating func echoed(_ payload: [UInt8]) -> Bool {
    guard String(decoding: payload, as: UTF8.self) == String(probe) else { return false }
    synced = true
    return true
  }

  /// Once synced: the records the broker does not hold as the cabinet sent them, oldest
  /// first, of those known and `also` (the cabinet's records in the venue's tables), but
  /// for those published on this connection. Empty before the probe came back.
  func missing(also: [VenueRecord] = []) -> [VenueRecord] {
    guard synced else { return [] }
    var candidates = known
    for record in also where candidates[record.sequence] == nil {
      candidates[record.sequence] = record
    }
    return candidates.values
      .filter { !published.contains($0.sequence) && delivered[$0.sequence] != $0 }
      .sorted { $0.sequence < $1.sequence }
  }

  /// Adds a record by its sequence, keeping the latest `kept`.
  private static func keep(_ record: VenueRecord, in records: inout [Int: VenueRecord]) {
    records[record.sequence] = record
    if records.count > kept, let oldest = records.keys.min() {
      records[oldest] = nil
    }
  }
}
