// The cabinet screen: follows simon-web's /live WebSocket (the control socket's own
// messages, README "The control socket", plus {"link": ...}) and reads its /api.
// Every name is put on the page as text, never as markup.
'use strict';

const $ = (id) => document.getElementById(id);
const PADS = ['green', 'red', 'yellow', 'blue'];
const params = new URLSearchParams(location.search);
if (params.has('kiosk')) document.body.classList.add('kiosk');
const measuring = params.has("trace");
// For the benchmark (?bench): each lamp change with simond's time and when it was painted.
window.simonPaints = [];

const live = {
  socketUp: false, up: false, why: 'connecting…', hello: null, lit: {}, view: null,
  settings: null, tables: [], venue: { tables: [], merged: {} }, daily: { cabinet: [], venue: null }, attract: 0, celebrationTimer: 0,
};

// ---- the WebSocket -------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  // The kiosk's page is the cabinet's own screen: only it makes the pads spell a name.
  const socket = new WebSocket(`${scheme}://${location.host}/live${params.has('kiosk') ? '?kiosk' : ''}`);
  socket.onopen = () => { live.socketUp = true; };
  socket.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    take(message);
  };
  socket.onclose = () => {
    live.socketUp = false;
    live.up = false;
    live.why = 'the screen lost simon-web';
    banner();
    setTimeout(connect, 1000);
  };
}

function take(m) {
  if ('link' in m) {
    live.up = m.link.up;
    live.why = m.link.why || null;
    banner();
  } else if ('hello' in m) {
    live.hello = m.hello;
    document.title = `Simon · ${m.hello.cabinet}`;
  } else if ('snapshot' in m) {
    live.lit = m.snapshot.leds;
    live.settings = m.snapshot.settings;
    setView(m.snapshot.state);
    for (const pad of PADS) paintPad(pad, live.lit[pad], null);
    // A page opened (or reloaded) on the settings was drawn before the snapshot came.
    if (route().name === 'settings') showSettings();
    loadTables();
  } else if ('led' in m) {
    live.lit[m.led] = m.on;
    paintPad(m.led, m.on, m.t);
  } else if ('state' in m) {
    setView(m.state);
  } else if ('game_over' in m) {
    gameOver(m.game_over);
  } else if ('settings' in m) {
    live.settings = m.settings;
    if (route().name === 'settings') showSettings();
  } else if ('scores_changed' in m) {
    loadTables();
    const r = route();
    if (r.name === 'recent') showRecent();
    if (r.name === 'venue') showVenue();
    if (r.name === 'player') showPlayer(r.arg);
  }
}

function banner() {
  const box = $('offline');
  if (live.up) { box.hidden = true; return; }
  box.hidden = false;
  box.textContent = live.socketUp
    ? `The cabinet's game is not running: ${live.why || 'simond is away'}. Reconnecting…`
    : 'The screen lost its server (simon-web). Reconnecting…';
}

// ---- the live cabinet ----------------------------------------------------------------

function paintPad(pad, on, t) {
  const element = document.querySelector(`.pad[data-pad="${pad}"]`);
  if (!element) return;
  element.classList.toggle('lit', !!on);
  if (measuring && t !== null) {
    const received = performance.timeOrigin + performance.now();
    requestAnimationFrame(() => {
      // The frame that shows it is being made now; the paint follows this task.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.simonPaints.push({ pad, on, t, received, painted: performance.timeOrigin + performance.now() });
        if (window.simonPaints.length > 5000) window.simonPaints.shift();
      };
      channel.port2.postMessage(0);
    });
  }
}

function setView(view) {
  const before = live.view;
  live.view = view;
  if (before && view.level && before.level && view.level > before.level) celebrate(`Level ${view.level}!`);
  if (view.phase === 'countdown' && (!before || before.phase !== 'countdown')) {
    clearCelebration();
    $('reaction-box').hidden = true;
  }
  $('table-line').textContent = `${words(view.mode)} · ${view.difficulty}`;
  const who = view.team ? `Team ${view.team}: ${view.signed_in.join(', ')}` : view.signed_in.join(', ');
  $('who').textContent = who ? `Signed in: ${who}` : '';
  render();
}

function render() {
  const view = live.view;
  if (!view) return;
  const r = route();
  if (r.name === 'auto') {
    if (view.naming) show('naming');
    else if (view.phase === 'attract') show(attractCard()?.how ? 'how' : 'attract');
    else show('live');
  }
  $('message').textContent = message(view);
  $('round').textContent = view.round;
  $('points').textContent = view.points;
  $('hub-big').textContent = view.countdown ?? view.round;
  $('hub-small').textContent = view.countdown ? 'get ready' : 'round';
  $('level-box').hidden = view.level === null || view.level === undefined;
  $('level').textContent = view.level ?? '';
  const best = tableOf(view.mode, view.difficulty)?.records?.[0];
  $('best').textContent = best ? best.points : '–';
  const list = $('players');
  list.replaceChildren(...view.players.map((name, index) => {
    const item = document.createElement('li');
    item.textContent = name;
    if (view.turn === index) item.classList.add('turn');
    if (view.out.includes(index)) item.classList.add('out');
    return item;
  }));
  list.hidden = view.players.length < 2;
  const menu = $('menu');
  menu.hidden = !view.menu;
  if (view.menu) menu.textContent = `Menu · ${view.menu.page}: ${view.menu.value} (${view.menu.choice + 1} of ${view.menu.choices})`;
  showRival(view.head_to_head, view.daily);
  if (view.naming) showNaming(view.naming);
  if (view.phase === 'attract') showAttract();
}

// A head-to-head match: the rival's round and whether they are still in, live; the
// outcome once decided. Else the day's challenge, while its game is on.
function showRival(match, daily) {
  const line = $('rival');
  line.hidden = !match && !daily;
  line.classList.remove('won', 'lost');
  if (!match) {
    if (daily) line.textContent = `The day's challenge · ${daily}`;
    return;
  }
  const who = `${match.player || 'The rival'} at ${match.cabinet}`;
  const side = match.rival;
  let text;
  if (match.outcome) {
    text = { won: `You beat ${who}!`, lost: `${who} won`, draw: `A draw with ${who}` }[match.outcome];
    line.classList.add(match.outcome);
  } else if (match.state === 'offered') {
    text = `${who} challenges you`;
  } else if (match.state === 'sent') {
    text = `Challenge sent to ${match.cabinet}`;
  } else if (match.state === 'agreed') {
    text = `Match against ${who}`;
  } else if (match.state === 'rival-lost') {
    text = `${who}: out of sight${side ? `, last seen at round ${side.rounds + 1}` : ''}`;
  } else if (!side) {
    text = `Rival: ${who}`;
  } else if (side.out_after_ms === null || side.out_after_ms === undefined) {
    text = `Rival ${who}: round ${side.rounds + 1}, still in`;
  } else {
    text = `Rival ${who}: out after ${count(side.rounds, 'round')}`;
  }
  line.textContent = text;
}

function message(view) {
  if (view.menu) return 'Settings';
  const match = view.head_to_head;
  if (match?.state === 'offered') return 'Press a pad to accept';
  if (match?.state === 'sent') return `Waiting for ${match.cabinet}`;
  if (match?.state === 'agreed') return 'Get ready';
  if (view.code_entered !== null && view.code_entered !== undefined) return `Your code: ${'●'.repeat(view.code_entered)}${'○'.repeat(Math.max(0, 4 - view.code_entered))}`;
  switch (view.phase) {
    case 'idle': return 'Press a pad to play';
    case 'attract': return 'Press a pad to play';
    case 'countdown': return `${view.countdown ?? ''}`;
    case 'simon':
      if (view.replay) return view.replay === 'last' ? 'Replay: the last game' : 'Replay: the longest';
      return "Simon's turn";
    case 'player':
      return view.players.length > 1 && view.turn_name ? `${view.turn_name}'s turn` : 'Your turn';
    case 'gameover': return 'Game over: tap to try again';
    default: return '';
  }
}

function gameOver(over) {
  // A game quit with start, or one whose show a tap cut short, has given way to the next
  // game already (its game over is sent once it is stored): its figures go to the tables,
  // not over the new game.
  if (live.view?.phase !== 'gameover') {
    loadTables();
    return;
  }
  if (over.reaction) {
    // The median time from Simon's last signal, or the press before, to each press.
    $('reaction').textContent = `${over.reaction.median_ms} ms`;
    $('reaction-box').hidden = false;
  }
  if (over.ending === 'win') celebrate(over.mode === 'player-adds' ? `${over.name} wins!` : 'You win!');
  else if (over.new_best) celebrate('New best!');
  else if (over.rank) celebrate(over.daily ? `#${over.rank} of the day` : `#${over.rank} in the top ten`);
  loadTables();
}

function celebrate(words) {
  const box = $('celebration');
  box.textContent = words;
  box.hidden = false;
  clearTimeout(live.celebrationTimer);
  live.celebrationTimer = setTimeout(clearCelebration, 6000);
}

function clearCelebration() { $('celebration').hidden = true; }

// ---- attract: the top-ten tables, the cabinet's then the venue's, then how to play -----

let attractTimer = 0;
function showAttract() {
  if (attractTimer) return;
  live.attract = 0;
  drawAttract();
  attractTimer = setInterval(async () => {
    if (live.view?.phase !== 'attract' || route().name !== 'auto') {
      clearInterval(attractTimer);
      attractTimer = 0;
      return;
    }
    // Other cabinets' games come without an event: read the venue's again before each
    // card, so that a venue card shows the venue as it is now, not as it was a card ago.
    await loadVenue();
    await loadDaily();
    if (live.view?.phase !== 'attract' || route().name !== 'auto') return;
    live.attract += 1;
    drawAttract();
  }, 8000);
}

// The cards attract cycles through: every table with a game, the cabinet's own, then the
// venue's (each venue row with the cabinet it was played on); then how to play, for
// whoever walks up to the cabinet.
function attractCards() {
  const own = live.tables.filter((table) => table.records.length > 0).map((table) => ({
    title: `Top ten · ${words(table.mode)} · ${table.difficulty}`, venue: false,
    rows: table.records.map((record) => ({ ...record, cabinet: null })),
  }));
  const venue = live.venue.tables.filter((table) => table.top.length > 0).map((table) => ({
    title: `Venue top ten · ${words(table.mode)} · ${table.difficulty}`, venue: true,
    rows: table.top.map((record) => ({ ...record.game, cabinet: record.cabinet })),
  }));
  const tables = own.concat(venue, dailyCards());
  return (tables.length ? tables : [{ empty: true }]).concat([{ how: true }]);
}

// Today's challenge: the venue's table of today where a bridge merged one, else the
// cabinet's own.
function dailyCards() {
  const venue = live.daily.venue;
  if (venue && venue.top.length > 0) {
    return [{
      title: `The day's challenge · ${venue.date} · venue`, venue: true,
      rows: venue.top.map((entry) => ({ ...entry.game, cabinet: entry.cabinet })),
    }];
  }
  const own = live.daily.cabinet[0];
  if (!own || own.games.length === 0) return [];
  return [{
    title: `The day's challenge · ${own.date}`, venue: false,
    rows: own.games.map((record) => ({ ...record, cabinet: null })),
  }];
}

function attractCard() {
  const cards = attractCards();
  return cards[live.attract % cards.length];
}

function drawAttract() {
  const table = attractCard();
  if (route().name === 'auto' && live.view?.phase === 'attract') show(table.how ? 'how' : 'attract');
  if (table.how) return;
  if (table.empty) {
    $('attract-title').textContent = 'No games yet: be the first';
    $('attract-rows').replaceChildren();
    return;
  }
  $('attract-title').textContent = table.title;
  $('attract-head').replaceChildren(header(
    table.venue ? ['#', 'Name', 'Cabinet', 'Points', 'Rounds', 'Date']
      : ['#', 'Name', 'Points', 'Rounds', 'Date']));
  $('attract-rows').replaceChildren(...table.rows.map((record, index) => row([
    { text: index + 1, num: true }, record.name,
    ...(table.venue ? [record.cabinet] : []), { text: record.points, num: true },
    { text: record.rounds, num: true }, date(record.ended),
  ])));
}

async function loadVenue() {
  try {
    live.venue = await api('/api/venue');
  } catch {
    return;
  }
  if (route().name === 'venue') showVenue();
}

async function loadDaily() {
  try {
    live.daily = await api('/api/daily');
  } catch {
    // (A simond of a release before the day's challenge: no card.)
  }
}

async function loadTables() {
  try {
    live.tables = (await api('/api/tables')).tables;
  } catch {
    return;
  }
  await loadVenue();
  await loadDaily();
  if (live.view?.phase === 'attract') drawAttract();
  render();
}

// ---- name entry ----------------------------------------------------------------------

function showNaming(naming) {
  $('naming-title').textContent = `#${naming.rank} in the top ten!`;
  $('naming-sub').textContent = `${naming.points} points · ${words(naming.mode)} · ${naming.difficulty}. Put your name on it:`;
  const choices = $('naming-choices');
  const spelling = naming.choice === null || naming.choice === undefined;
  choices.hidden = spelling || naming.choices.length === 0;
  choices.replaceChildren(...[...naming.choices, 'new name'].map((name, index) => {
    const item = document.createElement('li');
    item.textContent = name;
    if (index === naming.choice) item.classList.add('chosen');
    return item;
  }));
  const spell = $('naming-spell');
  spell.hidden = !spelling;
  const letter = document.createElement('span');
  letter.className = 'letter';
  letter.textContent = naming.letter === ' ' ? '␣' : naming.letter;
  spell.replaceChildren(document.createTextNode(naming.spelled), letter);
  const bar = $('naming-bar');
  bar.style.transition = 'none';
  bar.style.transform = 'scaleX(1)';
  requestAnimationFrame(() => requestAnimationFrame(() => {
    bar.style.transition = `transform ${naming.timeout_ms}ms linear`;
    bar.style.transform = 'scaleX(0)';
  }));
}

// ---- the other pages -----------------------------------------------------------------

async function showRecent() {
  const rows = $('recent-rows');
  try {
    const records = (await api('/api/recent?count=50')).records.slice().reverse();
    rows.replaceChildren(...records.map((record) => row([
      date(record.ended), { text: record.name, player: record.name },
      `${words(record.mode)} · ${record.difficulty}`, { text: record.points, num: true },
      { text: record.rounds, num: true }, record.ending,
    ])));
  } catch (error) {
    rows.replaceChildren(row([String(error.message)]));
  }
}

async function showPlayer(name) {
  $('player-name').textContent = name;
  try {
    const player = (await api(`/api/players/${encodeURIComponent(name)}`)).player;
    const reaction = player.progress?.reaction;
    $('player-sub').textContent = `${count(player.games, 'game')}${player.registered ? '' : ' (not a registered player)'}`
      + (reaction ? ` · reaction ${reaction.median_ms} ms median, ${reaction.best_ms} ms best` : '');
    drawProgress(player.progress);
    $('player-bests').replaceChildren(...player.bests.map((record) => row([
      `${words(record.mode)} · ${record.difficulty}`, { text: record.points, num: true },
      { text: record.rounds, num: true }, date(record.ended),
    ])));
    $('player-recent').replaceChildren(...player.recent.map((record) => row([
      date(record.ended), `${words(record.mode)} · ${record.difficulty}`,
      { text: record.points, num: true }, { text: record.rounds, num: true }, record.ending,
    ])));
  } catch (error) {
    $('player-sub').textContent = error.message;
    drawProgress(null);
    $('player-bests').replaceChildren();
    $('player-recent').replaceChildren();
  }
}

// ---- a player's progress: one chart per figure, week by week, drawn here as SVG --------

const PROGRESS = [
  ['best_rounds', 'Best round', (week) => week.best_rounds],
  ['best_points', 'Best points', (week) => week.best_points],
  ['median_reaction', 'Reaction (ms)', (week) => week.reaction?.median_ms ?? null],
];

function drawProgress(progress) {
  const weeks = progress?.weeks ?? [];
  $('player-progress').replaceChildren(...PROGRESS.map(([series, title, value]) =>
    chart(series, title, weeks.map((week) => [week.week, value(week)]).filter(([, v]) => v !== null))));
  $('player-progress').hidden = weeks.length === 0;
  $('player-progress-title').hidden = weeks.length === 0;
}

// A line through one dot a week, placed by its date (a week without a game leaves a gap);
// the value above the last dot and above each earlier one that stands at least 70 units
// (three figures) left of the value drawn after it, and the first and last weeks below, so
// no label overlaps another. The three charts stand side by side, each a third of the
// page wide (screen.css): 26 of its 300 units of width are the page's 2.6 units of text.
function chart(series, title, points) {
  const NS = 'http://www.w3.org/2000/svg';
  const width = 300, height = 220, side = 30, top = 76, bottom = 40;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'chart');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `${title}, week by week`);
  svg.dataset.series = series;
  const add = (name, attributes, text) => {
    const element = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    if (text !== undefined) element.textContent = text;
    svg.append(element);
    return element;
  };
  add('text', { x: 0, y: 26, class: 'chart-title' }, title);
  if (points.length === 0) {
    add('text', { x: 0, y: 110, class: 'chart-empty' }, 'none timed yet');
    return svg;
  }
  const values = points.map(([, v]) => v);
  const low = Math.min(...values), high = Math.max(...values);
  const days = points.map(([week]) => Date.parse(`${week}T00:00:00Z`) / 86400000);
  const span = days[days.length - 1] - days[0];
  const x = (i) => span === 0 ? width / 2 : side + (days[i] - days[0]) * (width - 2 * side) / span;
  const y = (v) => high === low ? (top + height - bottom) / 2 : top + (high - v) * (height - top - bottom) / (high - low);
  add('polyline', { points: points.map(([, v], i) => `${x(i)},${y(v)}`).join(' '), class: 'chart-line' });
  let nextLabel = Infinity;
  const labelled = new Set();
  for (let i = points.length - 1; i >= 0; i--) {
    if (nextLabel - x(i) >= 70) {
      labelled.add(i);
      nextLabel = x(i);
    }
  }
  points.forEach(([week, v], i) => {
    const dot = add('circle', { cx: x(i), cy: y(v), r: 6, class: 'chart-dot' });
    dot.dataset.week = week;
    dot.dataset.value = v;
    const last = i === points.length - 1;
    const anchor = points.length === 1 ? 'middle' : i === 0 ? 'start' : last ? 'end' : 'middle';
    if (i === 0 || last) {
      add('text', { x: x(i), y: height - 6, class: 'chart-week', 'text-anchor': anchor }, shortDay(week));
    }
    if (labelled.has(i)) {
      add('text', { x: x(i), y: y(v) - 14, class: 'chart-value', 'text-anchor': anchor }, String(v));
    }
  });
  return svg;
}

// "2026-11-23" as the page's dates are written (`date`): "Nov 23" in English.
function shortDay(day) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function showVenue() {
  const cabinets = Object.keys(live.venue.merged).sort();
  $('venue-sub').textContent = cabinets.length === 0
    ? 'No venue games: this cabinet has no venue bridge, or no cabinet has played yet.'
    : `Games from ${cabinets.map((id) => `${id} (${live.venue.merged[id]})`).join(', ')}`;
  $('venue-tables').replaceChildren(...live.venue.tables.map((table) => {
    const box = document.createElement('div');
    const title = document.createElement('h3');
    title.textContent = `${words(table.mode)} · ${table.difficulty}`;
    const grid = document.createElement('table');
    grid.className = 'scores';
    const head = document.createElement('thead');
    head.append(header(['#', 'Name', 'Cabinet', 'Points', 'Rounds', 'Date']));
    const body = document.createElement('tbody');
    body.append(...table.top.map((record, index) => row([
      { text: index + 1, num: true }, record.game.name, record.cabinet,
      { text: record.game.points, num: true }, { text: record.game.rounds, num: true },
      date(record.game.ended),
    ])));
    grid.append(head, body);
    box.append(title, grid);
    return box;
  }));
}

function showSettings() {
  const settings = live.settings;
  if (!settings) return;
  const values = settings.values;
  const entries = [
    ['mode', 'Mode', words(values.mode)], ['difficulty', 'Difficulty', values.difficulty],
    ['players', 'Players', values.players], ['skill_target', 'Skill target', values.skill_target || 'none'],
    ['enabled', 'Sound', values.enabled ? 'on' : 'off'], ['volume', 'Volume', `${values.volume} %`],
    ['tones', 'Tones', values.tones], ['haptics', 'Haptics', values.haptics ? 'on' : 'off'],
  ];
  $('settings-rows').replaceChildren(...entries.map(([key, label, value]) =>
    row([label, String(value), settings.changed.includes(key) ? '●' : ''])));
}

// ---- routing -------------------------------------------------------------------------

function route() {
  const hash = location.hash.replace(/^#\/?/, '');
  if (hash === '') return { name: 'auto' };
  const [name, ...rest] = hash.split('/');
  const arg = rest.length ? decodeURIComponent(rest.join('/')) : null;
  return ['recent', 'venue', 'player', 'how', 'settings'].includes(name) ? { name, arg } : { name: 'auto' };
}

function show(name) {
  for (const view of document.querySelectorAll('.view')) view.hidden = view.id !== `view-${name}`;
}

function navigate() {
  const r = route();
  for (const link of document.querySelectorAll('nav a')) {
    const target = link.getAttribute('href').replace(/^#\/?/, '');
    if ((target === '' && r.name === 'auto') || target === r.name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (r.name === 'auto') { render(); return; }
  show(r.name);
  if (r.name === 'recent') showRecent();
  if (r.name === 'venue') { showVenue(); loadVenue(); }
  if (r.name === 'player') showPlayer(r.arg || '');
  if (r.name === 'settings') showSettings();
}

// ---- helpers -------------------------------------------------------------------------

async function api(path) {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || `${response.status}`);
  return body;
}

function tableOf(mode, difficulty) {
  return live.tables.find((table) => table.mode === mode && table.difficulty === difficulty);
}

// Each column's class names its width (screen.css): the same in every table of a kind.
const COLUMNS = {
  '#': 'col-rank num', Name: 'col-name', Cabinet: 'col-cabinet', Points: 'col-points num',
  Rounds: 'col-rounds num', Date: 'col-date', Ended: 'col-ended', Table: 'col-table', How: 'col-how',
};
function header(names) {
  const tr = document.createElement('tr');
  for (const name of names) {
    const th = document.createElement('th');
    th.textContent = name;
    if (COLUMNS[name]) th.className = COLUMNS[name];
    tr.append(th);
  }
  return tr;
}

function row(cells) {
  const tr = document.createElement('tr');
  for (const cell of cells) {
    const td = document.createElement('td');
    const value = typeof cell === 'object' && cell !== null ? cell : { text: cell };
    if (value.player) {
      const link = document.createElement('a');
      link.href = `#/player/${encodeURIComponent(value.player)}`;
      link.textContent = value.text;
      td.append(link);
    } else {
      td.textContent = String(value.text ?? '');
    }
    if (value.num) td.className = 'num';
    tr.append(td);
  }
  return tr;
}

function words(mode) { return mode === 'player-adds' ? 'player adds' : mode; }

// A date short enough for its column: "Nov 27, 4:37 AM", the year only when not this one.
function date(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return '';
  const options = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  if (when.getFullYear() !== new Date().getFullYear()) options.year = 'numeric';
  return when.toLocaleString(undefined, options);
}

// "1 game", "3 games".
function count(n, noun) { return `${n} ${noun}${n === 1 ? '' : 's'}`; }

window.addEventListener('hashchange', navigate);
navigate();
connect();
