// A match's table, for any game: the game drawn as pieces from the scene the server sends
// (`scene.js`): the other seats' areas, the parts on the table, the seat's own area, with
// the choices of its prompt made on the pieces; who acts (by the names people joined
// with), the prompt's instruction and buttons in a bar that stays in view, the message log
// with each record's moves shown one at a time, undo, the outcome, the clock; and, for a
// page that holds no seat, the seats it may join. Everything it shows comes from the
// frames the server sends this seat.

import { h, replace, text } from './dom.js';
import { Connection, trace } from './connection.js';
import { PromptPanel } from './prompt.js';
import { animateFrom, drawScene, positions } from './scene.js';
import { renderOwn, renderView } from './view.js';
import { call, join, playerName, seatOf, title } from './lobby.js';

/** How long each move of a record stays the newest before the next is shown, in ms. */
const MOVE_STEP_MS = 120;

/** How long a beat of a record (the fourth card of a trick, the end of a hand) stays on
 *  the table before the record's end is shown, in ms; shorter while more wait. */
const BEAT_MS = 1400;
const BEAT_BEHIND_MS = 350;

/** How many earlier moments of the table the history keeps. */
const HISTORY_KEPT = 500;

/** Shows match `matchID` of `game`; returns what closes it. */
export function showTable(app, game, matchID) {
  const seat = seatOf(matchID);
  const parts = {
    heading: h('h1', {}, title(game)),
    who: h('p', { class: 'who' }),
    acting: h('section', { id: 'acting', 'aria-live': 'polite', 'aria-label': 'Whose turn' }),
    clock: h('p', { id: 'clock', hidden: true }),
    summary: h('section', { id: 'scene-summary', 'aria-label': 'The game', hidden: true }),
    others: h('div', { id: 'seats', class: 'seats' }),
    table: h('section', { id: 'table-parts', 'aria-label': 'The table' }),
    mine: h('div', { id: 'my-area' }),
    own: h('section', { id: 'own-view', 'aria-label': 'The table', hidden: true }),
    prompt: h('section', { id: 'prompt', 'aria-labelledby': 'prompt-heading' }),
    outcome: h('section', { id: 'outcome', 'aria-live': 'polite', hidden: true }),
    controls: h('div', { class: 'controls' }),
    view: h('div', { id: 'view' }),
    log: h('ol', { id: 'log' }),
    joins: h('section', { id: 'joins', hidden: true }),
  };
  // `data-held` is set on it while a beat of the match is held, not its latest moment.
  const root = h('div', { class: 'table' });
  replace(app, root);
  replace(root,
    parts.heading, parts.who, parts.joins,
    h('div', { class: 'layout' },
      h('div', { class: 'main' },
        parts.acting, parts.clock, parts.outcome, parts.summary, parts.others, parts.table, parts.own,
        parts.mine, parts.prompt, parts.controls,
        h('details', { class: 'view' }, h('summary', {}, 'The view, written out (for authors)'), parts.view)),
      h('aside', { class: 'side' }, h('h2', { id: 'log-heading' }, 'Log'),
        h('div', {
          class: 'log', role: 'log', tabindex: '0', 'aria-live': 'polite', 'aria-labelledby': 'log-heading',
        }, parts.log))));

  const state = {
    frame: null,
    names: [],
    seatIndex: seat ? Number(seat.playerID) : null,
    /** When the next timer fires, in ms since the epoch; `null` when none runs. */
    deadline: null,
    /** When the match was created, in ms since the epoch: its clock's origin. */
    createdAt: null,
    offeredSeats: false,
    /** Why this page lost its seat (the server's words), once it did. */
    lostSeat: null,
    /** Whether the game describes its moves in words (some record came with `texts`). */
    describes: false,
    /** Who sits at each seat, as the lobby names them (`seated` of the frames). */
    seated: [],
    /** The scene of a beat held on the table now, or `null`: the latest scene is drawn. */
    shown: null,
    /** The beats and scenes still to show, after the one held now. */
    holding: Promise.resolve(),
    waiting: 0,
    /** Every moment of the table this page was shown, oldest first (its scenes, the
     *  beats' included): what the seat saw, nothing more. */
    history: [],
    /** The moment of `history` looked at, or `null` for the live table. */
    looking: null,
  };
  call('GET', `/games/${game}/${matchID}`).then((answer) => {
    if (answer.ok) {
      state.createdAt = answer.body.createdAt;
      if (state.frame) showActing(state.frame.acting, state.frame.outcome);
    }
  });
  let connection = null;
  const panel = new PromptPanel(parts.prompt, {
    request: (frame) => connection.request(frame),
    onSelection: (selection, picked, chosen) => {
      if (!state.frame) return false;
      const own = renderOwn(game, state.frame.view, {
        seat: state.seatIndex,
        names: state.names.map((_, index) => nameOf(index)),
        selection,
        picked,
        pick: (value) => panel.chooseValue(value),
      });
      parts.own.hidden = !own;
      if (own) {
        replace(parts.own, own);
        return false;
      }
      const focused = focusKey(app);
      const looking = state.looking !== null;
      // Pieces travel from where they lay, on the live table (not through history).
      const before = looking || state.lookedBack ? new Map() : positions(app);
      state.lookedBack = looking;
      const scene = looking ? state.history[state.looking] : (state.shown ?? state.frame.scene);
      parts.table.parentElement.classList.toggle('looking-back', looking);
      const covered = drawScene(parts, scene, {
        seat: state.seatIndex,
        seatName: nameOf,
        toAct: state.frame.outcome || looking ? [] : state.frame.acting?.to_act ?? [],
        // An earlier moment is only looked at: nothing on it is chosen.
        selection: looking ? null : selection,
        picked,
        chosen,
        pick: (option) => panel.pick(selection, option),
        chooseSpace: (space) => panel.chooseSpace(space),
      });
      if (focused) refocus(app, focused);
      animateFrom(app, before);
      return covered;
    },
  });

  /** A seat as the table names it: the person (or bot) there, and the seat's name in the
   *  game when it says more ("Ana (North)"). */
  const nameOf = (index) => {
    const game = state.names[index] ?? `seat ${index + 1}`;
    const person = state.seated[index];
    return person && person !== game ? `${person} (${game})` : game;
  };

  const showActing = (acting, outcome) => {
    state.names = acting.names;
    if (outcome) {
      replace(parts.acting, h('p', {}, 'The match is over.'));
      return;
    }
    const lines = [];
    if (acting.phase) lines.push(h('p', { class: 'phase' }, `Phase: ${acting.phase.replaceAll('_', ' ')}`));
    const mine = state.seatIndex !== null && acting.to_act.includes(state.seatIndex);
    lines.push(h('p', { class: 'turn' }, mine ? 'Your turn.' : (acting.to_act.length > 0
      ? `Waiting for ${acting.to_act.map(nameOf).join(', ')}.`
      : 'Nobody is to act.')));
    const doing = acting.to_act
      .filter((index) => index !== state.seatIndex)
      .map((index) => acting.doing?.[index])
      .filter(Boolean);
    if (doing.length > 0) lines.push(h('ul', { class: 'doing' }, doing.map((line) => h('li', {}, line))));
    if (acting.acted.length > 0) lines.push(h('p', { class: 'acted' }, `Done: ${acting.acted.map(nameOf).join(', ')}.`));
    replace(parts.acting, lines);
    // The deadline is on the match's clock, which runs from its creation: counted down
    // against the time now, whenever the frame came.
    state.deadline = acting.deadline_ms === undefined || state.createdAt === null
      ? null
      : state.createdAt + acting.deadline_ms;
    tick();
  };

  const tick = () => {
    if (state.deadline === null || state.frame?.outcome) {
      parts.clock.hidden = true;
      return;
    }
    const left = Math.max(0, Math.ceil((state.deadline - Date.now()) / 1000));
    parts.clock.hidden = false;
    parts.clock.textContent = `Time left: ${left} s`;
  };
  const clockTimer = setInterval(tick, 250);

  const showOutcome = (outcome) => {
    // Nothing can be taken back once the match is over.
    const undo = parts.controls.querySelector('[data-role=undo]');
    if (undo) undo.hidden = Boolean(outcome);
    if (!outcome) {
      parts.outcome.hidden = true;
      return;
    }
    parts.outcome.hidden = false;
    const order = outcome.places
      .map((place, index) => ({ place, index, score: outcome.scores?.[index] }))
      .sort((a, b) => a.place - b.place);
    // The end in a sentence: a draw, or where this seat finished.
    const everyoneFirst = outcome.places.length > 1 && outcome.places.every((place) => place === 1);
    const mine = state.seatIndex === null ? undefined : outcome.places[state.seatIndex];
    const firsts = outcome.places.filter((place) => place === 1).length;
    let verdict = null;
    if (everyoneFirst) verdict = 'A draw.';
    else if (mine === 1) verdict = firsts > 1 ? 'You share first place.' : 'You won!';
    else if (mine !== undefined) verdict = `You finished ${ordinal(mine)}.`;
    else {
      const winners = outcome.places.map((place, index) => ({ place, index })).filter(({ place }) => place === 1);
      verdict = `${winners.map(({ index }) => nameOf(index)).join(' and ')} won.`;
    }
    replace(parts.outcome,
      h('h2', {}, 'Outcome'),
      h('p', { class: 'verdict' }, verdict),
      h('ol', { class: 'places' }, order.map(({ place, index, score }) => h('li', {},
        `${ordinal(place)}: ${nameOf(index)}${index === state.seatIndex ? ' (you)' : ''}`,
        score === undefined ? '' : `, ${score}`))),
      seat ? h('button', { type: 'button', class: 'primary', dataset: { role: 'play-again' }, onclick: playAgain }, 'Play again') : null);
  };

  const playAgain = async () => {
    const answer = await call('POST', `/games/${game}/${matchID}/playAgain`, {
      playerID: seat.playerID, credentials: seat.credentials,
    });
    if (!answer.ok) {
      parts.outcome.append(h('p', { role: 'alert' }, text(answer.body)));
      return;
    }
    const next = answer.body.nextMatchID;
    try {
      await join(game, next, seat.playerID, playerName() || `Player ${seat.playerID}`);
    } catch {
      // The seat was taken in the next match: watch it.
    }
    location.hash = `#/play/${game}/${next}`;
  };

  const logRecords = (records, first) => {
    const scroller = parts.log.parentElement;
    const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
    records.forEach((record, offset) => {
      const number = first + offset;
      state.describes ||= Boolean(record.texts);
      const shown = movesShown(record, state.describes);
      // A record's moves in words say what happened; its messages only when they do not.
      const lines = shown.length > 0 ? [] : describeRecord(record, nameOf);
      if (lines.length === 0 && shown.length === 0) return;
      const moves = h('ul', { class: 'moves' });
      const entry = h('li', { dataset: { record: String(number), kind: record.kind } },
        lines.map((line) => h('p', {}, line)), moves);
      parts.log.append(entry);
      // The moves of a record one at a time: the unit the engine resolves them in.
      shown.forEach((line, index) => {
        setTimeout(() => {
          moves.append(h('li', { class: 'move' }, line));
          if (atBottom) scroller.scrollTop = scroller.scrollHeight;
        }, index * MOVE_STEP_MS);
      });
    });
    if (atBottom) scroller.scrollTop = scroller.scrollHeight;
  };

  const showFrame = (frame, receivedAt) => {
    state.frame = { ...state.frame, ...frame };
    showActing(frame.acting, frame.outcome);
    showOutcome(frame.outcome);
    replace(parts.view, renderView(frame.view));
    panel.over = Boolean(frame.outcome);
    const settled = panel.setPrompt(frame.prompt ?? null, frame.at);
    if (frame.prompt) {
      settled.then(() => requestAnimationFrame(() => {
        trace.timings.push(performance.now() - receivedAt);
      }));
    }
  };

  /** The log written again from every record (a welcome, an undo), told to a screen
   *  reader as one change, not record by record. */
  const rewriteLog = () => {
    parts.log.setAttribute('aria-busy', 'true');
    replace(parts.log);
    state.describes = connection.records.some((record) => Boolean(record.texts));
    logRecords(connection.records, connection.first);
    parts.log.setAttribute('aria-busy', 'false');
  };

  const handlers = {
    welcome(frame) {
      state.names = frame.acting.names;
      state.seated = frame.seated ?? [];
      rewriteLog();
      showWho(frame.seat);
      hold([], frame.scene);
      showFrame(frame, frame.arrivedAt ?? performance.now());
      if (frame.seat === null && !state.offeredSeats) {
        state.offeredSeats = true;
        offerSeats();
      }
    },
    records(frame) {
      logRecords(frame.records,
        connection.first + connection.records.length - frame.records.length);
      // The first beat is drawn at once, not the record's end before it.
      const beats = frame.beats ?? [];
      if (beats.length > 0 && state.waiting === 0 && state.shown === null) {
        state.shown = beats[0];
        root.dataset.held = 'true';
      }
      showFrame(frame, frame.arrivedAt ?? performance.now());
      hold(frame.beats ?? [], frame.scene);
    },
    undone(frame) {
      rewriteLog();
      parts.log.append(h('li', {}, `${nameOf(frame.seat)} took back an action.`));
      showFrame(frame, frame.arrivedAt ?? performance.now());
      hold([], frame.scene);
    },
    seated(frame) {
      state.seated = frame.seated ?? [];
      showWho(state.seatIndex);
      if (state.frame) {
        showActing(state.frame.acting, state.frame.outcome);
        panel.render();
      }
    },
    seatLost(frame) {
      // The seat is another's now, or nobody's: these credentials open it no more.
      localStorage.removeItem(`meeple:seat:${matchID}`);
      state.seatIndex = null;
      state.lostSeat = frame.message;
      parts.who.textContent = frame.message;
      if (frame.reason === 'wiped') {
        panel.setPrompt(null, state.frame?.at ?? 0);
        replace(parts.prompt, h('p', { role: 'alert' }, frame.message));
      }
    },
    refused(frame) {
      replace(parts.prompt, h('p', { role: 'alert' }, frame.message));
      if (frame.error?.error === 'invalid_credentials') {
        localStorage.removeItem(`meeple:seat:${matchID}`);
      }
    },
    state(now) {
      const banner = document.getElementById('connection');
      if (banner) banner.textContent = now === 'connected' ? '' : 'Connection lost: reconnecting…';
    },
  };

  /** Shows `beats` in turn, each held for a person to see, then `scene`; every one is
   *  kept in the history. Frames that come meanwhile wait their turn. */
  const hold = (beats, scene) => {
    state.waiting += beats.length;
    state.holding = state.holding.then(async () => {
      try {
        await showBeats(beats, scene);
      } catch (error) {
        // A moment that could not be drawn is skipped; the next ones still come.
        console.error(error);
        state.shown = null;
        delete root.dataset.held;
      }
    });
  };

  const showBeats = async (beats, scene) => {
    {
      for (const beat of beats) {
        remember(beat);
        state.shown = beat;
        root.dataset.held = 'true';
        panel.render();
        state.waiting -= 1;
        await new Promise((resolve) => setTimeout(resolve, state.waiting > 0 ? BEAT_BEHIND_MS : BEAT_MS));
      }
      if (beats.length > 0) {
        state.shown = null;
        delete root.dataset.held;
        panel.render();
      }
      remember(scene);
    }
  };

  const remember = (scene) => {
    if (!scene) return;
    state.history.push(scene);
    if (state.history.length > HISTORY_KEPT) {
      state.history.shift();
      if (state.looking !== null) state.looking = Math.max(0, state.looking - 1);
    }
    drawHistory();
  };

  /** Looks at moment `at` of the history (`null`: the live table). */
  const lookAt = (at) => {
    state.looking = at === null ? null : Math.max(0, Math.min(at, state.history.length - 1));
    drawHistory();
    panel.render();
  };

  // Its buttons stay (only their state changes), so the focus stays on the one pressed.
  const historyBack = h('button', {
    type: 'button', dataset: { role: 'history-back' },
    onclick: () => lookAt(state.looking === null ? state.history.length - 2 : state.looking - 1),
  }, h('span', { 'aria-hidden': 'true' }, '◀ '), 'Earlier');
  const historyForward = h('button', {
    type: 'button', dataset: { role: 'history-forward' },
    onclick: () => lookAt(state.looking + 1 >= state.history.length ? null : state.looking + 1),
  }, 'Later', h('span', { 'aria-hidden': 'true' }, ' ▶'));
  const historyLive = h('button', {
    type: 'button', class: 'primary', dataset: { role: 'history-live' }, onclick: () => lookAt(null),
  }, 'Back to the table');
  const historyWhere = h('span', { class: 'history-where', role: 'status' });
  const history = h('nav', { class: 'history', 'aria-label': 'History' },
    historyBack, historyForward, historyLive, historyWhere);
  const drawHistory = () => {
    const count = state.history.length;
    const at = state.looking;
    const live = at === null;
    historyBack.disabled = count < 2 || at === 0;
    historyForward.hidden = live;
    historyLive.hidden = live;
    const where = live ? '' : `An earlier moment, ${at + 1} of ${count}, as you saw it.`;
    if (historyWhere.textContent !== where) historyWhere.textContent = where;
  };
  drawHistory();

  const showWho = (seatIndex) => {
    if (seatIndex === null || seatIndex === undefined) {
      parts.who.textContent = state.lostSeat ?? 'You are watching.';
      return;
    }
    const person = state.seated[seatIndex];
    const seatName = state.names[seatIndex] ?? `seat ${seatIndex + 1}`;
    parts.who.textContent = person ? `You are ${person}, playing ${seatName}.` : `You play ${seatName}.`;
  };

  const offerSeats = async () => {
    const answer = await call('GET', `/games/${game}/${matchID}`);
    if (!answer.ok) return;
    const free = answer.body.players.filter((player) => !player.name && !player.bot);
    if (free.length === 0) {
      parts.joins.hidden = true;
      return;
    }
    const nameInput = h('input', { type: 'text', value: playerName(), required: true, 'aria-label': 'Your name' });
    const status = h('p', { role: 'alert' });
    parts.joins.hidden = false;
    replace(parts.joins, h('h2', {}, 'Join this match'),
      h('label', {}, 'Your name ', nameInput),
      h('div', { class: 'actions' }, free.map((player) => h('button', {
        type: 'button',
        dataset: { role: 'join', seat: String(player.id) },
        onclick: async () => {
          if (!nameInput.value) {
            status.textContent = 'Your name is needed to join.';
            return;
          }
          try {
            await join(game, matchID, player.id, nameInput.value);
            connection.close();
            dispose();
            location.reload();
          } catch (error) {
            status.textContent = error.message;
          }
        },
      }, `Play ${state.names[player.id] ?? `seat ${player.id + 1}`}`))),
      status);
  };

  parts.controls.append(history);
  if (seat) {
    parts.controls.append(h('button', {
      type: 'button',
      dataset: { role: 'undo' },
      onclick: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        const answer = await connection.request({ type: 'undo' });
        button.disabled = false;
        if (answer.type === 'error') {
          parts.controls.querySelector('.notice')?.remove();
          parts.controls.append(h('p', { class: 'notice', role: 'alert' }, answer.message));
        } else {
          parts.controls.querySelector('.notice')?.remove();
        }
      },
    }, 'Undo my last action'));
  }

  connection = new Connection(matchID, seat, handlers);
  connection.open();
  const dispose = () => {
    clearInterval(clockTimer);
    connection.close();
  };
  return dispose;
}

/** What a record says to this viewer: its messages, else what happened in a few words. */
export function describeRecord(record, nameOf) {
  if (record.messages && record.messages.length > 0) return record.messages.map((message) => message.text);
  const who = record.player === null ? null : nameOf(record.player);
  switch (record.kind) {
    case 'setup':
      return ['The game is set up.'];
    case 'flow': {
      const event = record.event ?? {};
      switch (event.event) {
        case 'start_turn': return [`${nameOf(event.player)}'s turn.`];
        case 'enter_phase': return [`Phase: ${event.phase.replaceAll('_', ' ')}.`];
        default: return [];
      }
    }
    case 'timer':
      return ['Time ran out.'];
    case 'timeout':
      return [`${who} ran out of time.`];
    case 'pass':
      return [`${who} passes.`];
    default:
      return who ? [`${who}: ${record.action.replaceAll('_', ' ')}.`] : [];
  }
}

/** A record's moves as lines: for a game that `describes` its moves, the words it says
 *  (the moves it says nothing of, a record's `texts` absent when of none, are its
 *  bookkeeping: left out, as the terminal does); else each move's fields. */
export function movesShown(record, describes) {
  if (record.texts) return record.texts.filter((line) => line !== null);
  return describes ? [] : record.moves.map(describeMove);
}

/** A move as a line: its fields, as the viewer sees them. */
function describeMove(move) {
  if (move === null || typeof move !== 'object') return text(move);
  const entries = Object.entries(move);
  // A move of pieces between places (`PieceMove`), alone or as a game's move's variant.
  const piece = move.piece_move ? move : (entries.length === 1 && entries[0][1]?.piece_move ? entries[0][1] : null);
  if (piece) return describePieceMove(piece);
  return entries.map(([key, value]) => `${key.replaceAll('_', ' ')} ${text(value)}`).join('; ');
}

/** A place of a `PieceMove` in words: `"board"`, `{"supplies": 1}` is "supplies (seat 2)". */
function placeName(place) {
  if (typeof place === 'string') return place.replaceAll('_', ' ');
  if (place && typeof place === 'object') {
    const [[name, seat]] = Object.entries(place);
    return typeof seat === 'number' ? `${name.replaceAll('_', ' ')} (seat ${seat + 1})` : name.replaceAll('_', ' ');
  }
  return text(place);
}

function describePieceMove(piece) {
  switch (piece.piece_move) {
    case 'move':
      return `A piece moves from ${placeName(piece.from)} to ${placeName(piece.to)}.`;
    case 'swap':
      return `Two pieces swap places.`;
    case 'shuffle':
      return `${placeName(piece.place)} is shuffled.`;
    default:
      return `The pieces of ${placeName(piece.place ?? piece.from)} are rearranged.`;
  }
}

function ordinal(place) {
  const suffix = place % 10 === 1 && place % 100 !== 11 ? 'st'
    : place % 10 === 2 && place % 100 !== 12 ? 'nd'
      : place % 10 === 3 && place % 100 !== 13 ? 'rd' : 'th';
  return `${place}${suffix}`;
}

/** What names the focused control of the table across a redraw (its choice, its space,
 *  its role), or `null` when the focus is elsewhere. */
function focusKey(root) {
  const focused = document.activeElement;
  if (!focused || !root.contains(focused) || focused.closest('#prompt')) return null;
  const { choice, space, role, key } = focused.dataset ?? {};
  if (choice === undefined && space === undefined && key === undefined) return null;
  return { choice, space, role, key, seat: focused.closest('[data-seat]')?.dataset.seat };
}

/** Puts the focus back on what was focused before a redraw, or on what now stands where
 *  it was (a space once played, a card once moved), so a keyboard player keeps their
 *  place. */
function refocus(root, focused) {
  const candidates = [...root.querySelectorAll('[data-choice], [data-space], [data-key]')]
    .filter((element) => !element.closest('#prompt'));
  const same = (element) => {
    if (focused.space !== undefined) {
      return element.dataset.space === focused.space
        && element.closest('[data-seat]')?.dataset.seat === focused.seat;
    }
    return (focused.choice !== undefined && element.dataset.choice === focused.choice)
      || (focused.key !== undefined && element.dataset.key === focused.key);
  };
  // The control itself if it is still offered; else the piece where it went (a card now
  // on the trick); else the area or part it was in.
  const found = candidates.find((element) => same(element) && element.tagName === 'BUTTON')
    ?? candidates.find(same)
    ?? root.querySelector(focused.seat !== undefined ? `[data-seat="${focused.seat}"]` : '#table-parts');
  if (!found) return;
  if (found.tagName !== 'BUTTON' && !found.hasAttribute('tabindex')) found.setAttribute('tabindex', '-1');
  found.focus({ preventScroll: true });
}
