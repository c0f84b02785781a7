/// The settings menu: hold a pad 2 s at idle; each press steps to the next choice; the
/// lit pad shows the choice (all four for a fifth); 5 s without a press saves and closes.
///
/// Pages by the pad held: green the mode, red the difficulty, yellow the number of
/// players, blue the sound (off, 25, 50, 75, 100 %); blue held 2 s more, where a
/// vibration motor is wired, haptics (off, on); green held 2 s more, where the venue
/// bridge told of the day's challenge or of cabinets to challenge, the challenge page
/// ("nobody", "today" where there is a day's challenge, then cabinets, five choices in
/// all): closed on "today" it starts the day's game; on a cabinet, it challenges that
/// cabinet to a match.
extension Game {
  /// The volumes the sound page offers after "off".
  static let menuVolumes = [25, 50, 75, 100]

  mutating func openMenu(for pad: Pad, at now: Duration) {
    emit(.cancelTimer(.attract))
    darken()
    let page: Menu.Page =
      switch pad {
      case .green: .mode
      case .red: .difficulty
      case .yellow: .players
      case .blue: .sound
      }
    showPage(page, heldPad: pad)
  }

  /// The pad that opened the menu was held 2 s more: the next page, if it has one.
  mutating func menuHeld(_ pad: Pad) {
    guard case .menu(let menu) = stage, menu.heldPad == pad,
      let next = nextPage(after: menu.page)
    else { return }
    showPage(next, heldPad: nil)
  }

  /// The page a page leads to when its pad is held 2 s more, where the cabinet has it.
  private func nextPage(after page: Menu.Page) -> Menu.Page? {
    switch page {
    case .sound: cabinet.hasHaptics ? .haptics : nil
    case .mode: challengeable.isEmpty && daily == nil ? nil : .challenge
    case .difficulty, .players, .haptics, .challenge: nil
    }
  }

  /// The most choices after "nobody" the challenge page offers ("today", cabinets): a pad
  /// each (the fifth choice lights all four).
  static let challengeChoices = 4

  /// The cabinets the challenge page offers now: as many as fit after "nobody" and
  /// "today".
  private var challengeOffered: [String] {
    Array(challengeable.prefix(Self.challengeChoices - (daily == nil ? 0 : 1)))
  }

  /// The pad that opened the menu was let go.
  mutating func menuPadReleased(_ pad: Pad) {
    guard case .menu(var menu) = stage, menu.heldPad == pad else { return }
    menu.heldPad = nil
    stage = .menu(menu)
    emit(.cancelTimer(.menuHold(pad)))
  }

  private mutating func showPage(_ page: Menu.Page, heldPad: Pad?) {
    let challenge = page == .challenge
    stage = .menu(
      Menu(
        page: page, choice: currentChoice(page), choices: choiceCount(page), heldPad: heldPad,
        offered: challenge ? challengeOffered : [], today: challenge ? daily : nil))
    showMenuChoice()
    if let heldPad, nextPage(after: page) != nil {
      emit(.startTimer(.menuHold(heldPad), after: Timings.menuHold))
    }
    emit(.startTimer(.menuIdle, after: Timings.menuIdle))
  }

  mutating func menuPressed(_ input: Input, at now: Duration) {
    guard case .menu(var menu) = stage else { return }
    swallowed.insert(input)
    if input == .start {
      closeMenu(at: now)
      return
    }
    guard input.pad != nil else { return }
    menu.choice = (menu.choice + 1) % menu.choices
    stage = .menu(menu)
    showMenuChoice()
    emit(.startTimer(.menuIdle, after: Timings.menuIdle))
  }

  /// Saves the choice shown (when it changes the setting) and closes the menu to idle.
  mutating func closeMenu(at now: Duration) {
    guard case .menu(let menu) = stage else { return }
    emit(.cancelTimer(.menuIdle))
    if let pad = menu.heldPad { emit(.cancelTimer(.menuHold(pad))) }
    if menu.page == .challenge {
      darken()
      enterIdle()
      if let today = menu.today, menu.choice == menu.todayChoice {
        startGame(at: now, .daily(today))
        return
      }
      let cabinet = menu.choice - menu.firstCabinetChoice
      guard menu.choice > 0, menu.offered.indices.contains(cabinet) else { return }
      challengeSent(
        Challenge(
          id: String(random.next(), radix: 36),
          rival: Rival(cabinet: menu.offered[cabinet], player: ""), seed: random.next()),
        at: now)
      return
    }
    var changed = settings
    // The page opens on the choice nearest the setting (60 % shows as 75 %): left there,
    // the setting is not the player's to change, and keeps following the configuration.
    if menu.choice != currentChoice(menu.page) {
      switch menu.page {
      case .mode: changed.mode = menuModes[menu.choice]
      case .difficulty: changed.difficulty = Difficulty.allCases[menu.choice]
      case .players: changed.players = menu.choice + 1
      case .sound:
        changed.soundOn = menu.choice > 0
        if menu.choice > 0 { changed.volume = Self.menuVolumes[menu.choice - 1] }
      case .haptics: changed.hapticsOn = menu.choice == 1
      case .challenge: break
      }
    }
    darken()
    if !changed.hapticsOn { stopVibrating() }
    if changed != settings {
      let previous = settings
      settings = changed
      emit(.settingsChanged(changed, previous: previous))
    }
    enterIdle()
  }

  /// The modes the menu offers: directional only where a joystick is wired.
  var menuModes: [GameMode] {
    GameMode.allCases.filter { $0 != .directional || cabinet.hasJoystick }
  }

  private func choiceCount(_ page: Menu.Page) -> Int {
    switch page {
    case .mode: menuModes.count
    case .difficulty: Difficulty.allCases.count
    case .players: 5
    case .sound: Self.menuVolumes.count + 1
    case .haptics: 2
    case .challenge: 1 + (daily == nil ? 0 : 1) + challengeOffered.count
    }
  }

  private func currentChoice(_ page: Menu.Page) -> Int {
    switch page {
    case .mode: menuModes.firstIndex(of: settings.mode) ?? 0
    case .difficulty: Difficulty.allCases.firstIndex(of: settings.difficulty) ?? 1
    case .players: min(max(settings.players, 1), 5) - 1
    case .sound:
      settings.soundOn
        ? 1 + (Self.menuVolumes.firstIndex { $0 >= settings.volume } ?? Self.menuVolumes.count - 1)
        : 0
    case .haptics: settings.hapticsOn ? 1 : 0
    case .challenge: 0
    }
  }

  /// What a choice of a menu's page means, for people: "coop", "hard", "3", "off", "50 %",
  /// "bar-2".
  func menuValue(_ menu: Menu, choice: Int) -> String {
    switch menu.page {
    case .mode: menuModes.indices.contains(choice) ? menuModes[choice].rawValue : ""
    case .difficulty:
      Difficulty.allCases.indices.contains(choice) ? Difficulty.allCases[choice].rawValue : ""
    case .players: String(choice + 1)
    case .sound:
      choice == 0 ? "off" : "\(Self.menuVolumes[min(choice, Self.menuVolumes.count) - 1]) %"
    case .haptics: choice == 0 ? "off" : "on"
    case .challenge:
      if choice == menu.todayChoice {
        "today"
      } else if choice > 0, menu.offered.indices.contains(choice - menu.firstCabinetChoice) {
        menu.offered[choice - menu.firstCabinetChoice]
      } else {
        "nobody"
      }
    }
  }

  /// Choice k lights pad k; the fifth choice lights all four.
  private mutating func showMenuChoice() {
    guard case .menu(let menu) = stage else { return }
    for pad in Pad.allCases {
      setLight(pad, on: menu.choice >= Pad.allCases.count || pad.index == menu.choice)
    }
  }
}
