// The lobby's pages, over the server's boardgame.io-compatible Lobby API: the games; a
// game's matches, to join, resume or watch; a form to create a match (seats for people or
// bots, the game's config as fields made from its default, a clock per move). A seat's
// credentials are kept in the browser (localStorage), so a reload resumes the match.

import { h, replace, text } from './dom.js';

/** Calls the lobby: `{ok, status, body}`, the body JSON when it is, else its text. */
export async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await response.text();
  let parsed = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // A refusal is plain text, worded as boardgame.io words it.
  }
  return { ok: response.ok, status: response.status, body: parsed };
}

/** The seat this browser holds at match `matchID`: `{playerID, credentials, game}`, or null. */
export function seatOf(matchID) {
  try {
    return JSON.parse(localStorage.getItem(`meeple:seat:${matchID}`));
  } catch {
    return null;
  }
}

/** Keeps the seat this browser holds at match `matchID`. */
export function keepSeat(matchID, seat) {
  localStorage.setItem(`meeple:seat:${matchID}`, JSON.stringify(seat));
}

/** The name this browser plays under, asked once. */
export function playerName() {
  return localStorage.getItem('meeple:name') ?? '';
}

export function keepPlayerName(name) {
  localStorage.setItem('meeple:name', name);
}

/** Joins seat `playerID` of match `matchID` of `game` as `name`; the seat, kept. */
export async function join(game, matchID, playerID, name) {
  const answer = await call('POST', `/games/${game}/${matchID}/join`, {
    playerID: String(playerID),
    playerName: name,
  });
  if (!answer.ok) throw new Error(text(answer.body));
  const seat = { playerID: String(playerID), credentials: answer.body.playerCredentials, game };
  keepSeat(matchID, seat);
  keepPlayerName(name);
  return seat;
}

/** How long a bot takes to play by default, in seconds: long enough for a person to see
 *  each play (the load tests and simulations ask for none). */
const BOT_THINK_SECONDS = 0.8;

/** The games page. */
export async function showGames(app) {
  replace(app, h('h1', {}, 'Games'), h('p', {}, 'Loading the games…'));
  const answer = await call('GET', '/meeple/games');
  if (!answer.ok) {
    replace(app, h('h1', {}, 'Games'), h('p', { role: 'alert' }, text(answer.body)));
    return;
  }
  replace(app,
    h('h1', {}, 'Games'),
    h('ul', { class: 'games' }, answer.body.map((game) => h('li', {},
      h('a', { href: `#/games/${game.name}` }, title(game.name)),
      ` (${game.players[0] === game.players[1] ? game.players[0] : `${game.players[0]} to ${game.players[1]}`} players)`))));
}

/** A game's name as a title: `connect_four` is "Connect four". */
export function title(name) {
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A game's page: its open matches and the form that creates one. */
export async function showGame(app, name) {
  const [catalog, listed] = await Promise.all([
    call('GET', '/meeple/games'),
    call('GET', `/games/${name}?isGameover=false`),
  ]);
  const game = catalog.ok ? catalog.body.find((entry) => entry.name === name) : null;
  if (!game) {
    replace(app, h('h1', {}, title(name)), h('p', { role: 'alert' }, `There is no game ${name} here.`));
    return;
  }
  const matches = listed.ok ? listed.body.matches : [];
  replace(app,
    h('h1', {}, title(name)),
    h('section', { 'aria-labelledby': 'matches-heading' },
      h('h2', { id: 'matches-heading' }, 'Matches'),
      matches.length === 0 ? h('p', {}, 'No match is waiting.') : h('ul', { class: 'matches' },
        matches.map((match) => matchItem(name, match)))),
    createForm(game));
}

function matchItem(game, match) {
  const held = seatOf(match.matchID);
  // A bot's seat is named for its agent ("random bot").
  const seats = match.players.map((player) => player.name ?? `seat ${player.id + 1} free`);
  return h('li', {},
    h('span', {}, `${match.matchID}: ${seats.join(', ')} `),
    held
      ? h('a', { href: `#/play/${game}/${match.matchID}`, class: 'button' }, 'Resume')
      : h('a', { href: `#/play/${game}/${match.matchID}`, class: 'button' }, 'Open'));
}

/** The form that creates a match of `game`: seats, config, clock. */
function createForm(game) {
  const status = h('p', { class: 'notice', role: 'alert' });
  const nameInput = h('input', { type: 'text', id: 'player-name', value: playerName(), required: true, autocomplete: 'nickname' });
  const countSelect = h('select', { id: 'num-players' },
    range(game.players[0], game.players[1]).map((count) => h('option', { value: count }, String(count))));
  const seatsBox = h('div', { class: 'seats' });
  const drawSeats = () => {
    const count = Number(countSelect.value);
    replace(seatsBox, range(0, count - 1).map((seat) => h('label', { class: 'seat-choice' },
      `Seat ${seat + 1} `,
      h('select', { dataset: { seat: String(seat) } },
        h('option', { value: 'person', selected: seat === 0 }, seat === 0 ? 'You' : 'A person'),
        h('option', { value: 'random', selected: seat !== 0 }, 'Bot: random'),
        h('option', { value: 'uct' }, 'Bot: search (UCT)'),
        h('option', { value: 'ismcts' }, 'Bot: search (ISMCTS)')))));
  };
  countSelect.addEventListener('change', drawSeats);
  drawSeats();
  // A config of fields is a form of fields; any other (none: `null`) is left as it is.
  const configured = game.config !== null && typeof game.config === 'object' && !Array.isArray(game.config);
  const configFields = configured
    ? Object.entries(game.config).map(([key, value]) => configField(key, value))
    : [];
  const clockInput = h('input', { type: 'number', id: 'move-clock', min: 1, max: 86400, placeholder: 'none' });
  // Bots at a table with people take their time, so a person sees each play.
  const thinkInput = h('input', {
    type: 'number', id: 'bot-think', min: 0, max: 60, step: 0.1, value: BOT_THINK_SECONDS,
  });
  const form = h('form', {
    class: 'create',
    onsubmit: async (event) => {
      event.preventDefault();
      status.textContent = '';
      let setupData;
      try {
        setupData = readConfig(configFields);
      } catch (error) {
        status.textContent = error.message;
        return;
      }
      const bots = {};
      let firstPerson = null;
      const thinkSeconds = Number(thinkInput.value === '' ? 0 : thinkInput.value);
      if (!Number.isFinite(thinkSeconds) || thinkSeconds < 0 || thinkSeconds > 60) {
        status.textContent = 'Bots think for 0 to 60 seconds.';
        return;
      }
      for (const select of seatsBox.querySelectorAll('select')) {
        if (select.value === 'person') {
          if (firstPerson === null) firstPerson = Number(select.dataset.seat);
        } else {
          bots[select.dataset.seat] = { agent: select.value, thinkMs: Math.round(thinkSeconds * 1000) };
        }
      }
      const body = { numPlayers: Number(countSelect.value), bots };
      if (configured) body.setupData = setupData;
      if (clockInput.value !== '') body.moveClockMs = Math.round(Number(clockInput.value) * 1000);
      const created = await call('POST', `/games/${game.name}/create`, body);
      if (!created.ok) {
        status.textContent = text(created.body);
        return;
      }
      const matchID = created.body.matchID;
      if (firstPerson !== null) {
        try {
          await join(game.name, matchID, firstPerson, nameInput.value);
        } catch (error) {
          status.textContent = error.message;
          return;
        }
      }
      location.hash = `#/play/${game.name}/${matchID}`;
    },
  },
  h('h2', {}, 'New match'),
  h('label', {}, 'Your name ', nameInput),
  h('label', {}, 'Players ', countSelect),
  h('fieldset', {}, h('legend', {}, 'Seats'), seatsBox),
  configFields.length > 0 ? h('fieldset', {}, h('legend', {}, 'Rules'), configFields.map((field) => field.element)) : null,
  h('label', {}, 'Seconds per move ', clockInput),
  h('label', {}, 'Seconds each bot takes to play ', thinkInput),
  h('button', { type: 'submit', class: 'primary', dataset: { role: 'create' } }, 'Create the match'),
  status);
  return h('section', { 'aria-label': 'New match' }, form);
}

/** A field of the config form for `key`, made from its default `value`'s type. */
function configField(key, value) {
  const label = key.replaceAll('_', ' ');
  let input;
  let read;
  if (typeof value === 'boolean') {
    input = h('input', { type: 'checkbox', checked: value, dataset: { config: key } });
    read = () => input.checked;
  } else if (typeof value === 'number') {
    input = h('input', { type: 'number', value, step: Number.isInteger(value) ? 1 : 'any', dataset: { config: key } });
    read = () => {
      if (input.value === '') throw new Error(`${label}: a number is needed.`);
      return Number(input.value);
    };
  } else if (typeof value === 'string') {
    input = h('input', { type: 'text', value, dataset: { config: key } });
    read = () => input.value;
  } else {
    input = h('textarea', { rows: 2, dataset: { config: key } }, JSON.stringify(value));
    read = () => {
      try {
        return JSON.parse(input.value);
      } catch {
        throw new Error(`${label}: not JSON.`);
      }
    };
  }
  return { key, read, element: h('label', { class: 'config' }, `${label} `, input) };
}

function readConfig(fields) {
  return Object.fromEntries(fields.map((field) => [field.key, field.read()]));
}

function range(from, to) {
  const values = [];
  for (let value = from; value <= to; value += 1) values.push(value);
  return values;
}
