import SimonControl

/// `/api/status`'s body: the link, then simond's hello and the snapshot of now as the
/// control socket sends them (`{"link":{...},"hello":{...},"snapshot":{...},"t":...}`);
/// hello, snapshot and `t` are left out until simond has greeted.
struct ScreenStatus: Encodable {
  let link: LinkStatus
  let hello: ControlHello?
  let snapshot: ControlSnapshot?
  let t: Int64?

  init(_ standing: CabinetLink.Standing) {
    link = LinkStatus(standing)
    hello = standing.hello
    snapshot = standing.snapshot
    t = standing.snapshot == nil ? nil : standing.time
  }
}

/// Whether simond is connected and greeted, and why not: `{"up":false,"why":"..."}`,
/// `{"up":true}` while up. The page's `link` line and `/api/status` carry it.
struct LinkStatus: Encodable {
  let up: Bool
  let why: String?

  init(_ standing: CabinetLink.Standing) {
    up = standing.up
    why = standing.up ? nil : standing.why
  }
}

/// The page's `link` line: `{"link":{"up":...}}`.
struct LinkLine: Encodable {
  let link: LinkStatus
}
