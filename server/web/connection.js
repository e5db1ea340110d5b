// One play connection (docs/PROTOCOL.md): it says hello with the records it already has,
// keeps every record it hears, answers each request with the frame the server answers it
// with (the server answers in order), and comes back after a drop on its own, asking only
// for the records it missed. Whatever the page holds (a half-made choice) stays. An
// update's view and scene come as changes from the last ones (a JSON Patch): they are
// applied here, so the page's handlers get every frame with its view and scene whole.

import { applyPatch } from './patch.js';

/** What the page keeps for tests and tools to read (`window.meeple`): the last frames
 *  received, as text, and the time from each prompt's arrival to a page that takes the
 *  next click, in ms. */
export const trace = window.meeple ?? { timings: [], received: [] };
window.meeple = trace;

/** How many frames `trace.received` keeps. */
const FRAMES_KEPT = 2000;

/** Refusals of a `hello` that no retry changes: the page stops trying. */
const FINAL = ['no_such_seat', 'invalid_credentials', 'match_gone', 'hello_first'];

/** Answers after which the server no longer serves this connection's match (it dropped
 *  it after a store failure): the connection is opened again, which loads it again. */
const REOPEN = ['store', 'match_gone'];

/** The answer a request gets while the connection is down. */
const DISCONNECTED = {
  type: 'error',
  error: { error: 'disconnected' },
  message: 'The connection to the server dropped; reconnecting.',
};

export class Connection {
  /**
   * A connection to match `matchID` as `seat` (`{playerID, credentials}`, or `null` for an
   * observer). `handlers` hears of the match: `welcome(frame)`, `records(frame)`,
   * `undone(frame)`, `refused(frame)` (the hello was refused: no retry), `seatLost(frame)`
   * (the seat's credentials hold it no more: an observer's welcome follows, or, for a
   * wiped match, nothing), `seated(frame)` (who sits at each seat changed),
   * `state(text)` ('connected', 'reconnecting').
   */
  constructor(matchID, seat, handlers) {
    this.matchID = matchID;
    this.seat = seat;
    this.handlers = handlers;
    /** The records heard, as this viewer sees it: the first is numbered `first`. A match
     *  keeps its records since its last snapshots in memory; those before are in the
     *  store only, and a client that joins late starts after them. */
    this.records = [];
    this.first = 0;
    /** The view and the scene as the server last sent them, changes applied. */
    this.view = null;
    this.scene = null;
    this.pending = [];
    this.welcomed = false;
    this.closed = false;
    this.retryAfter = 250;
    this.socket = null;
  }

  /** Connects (again). */
  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${scheme}://${location.host}/play/${encodeURIComponent(this.matchID)}`,
    );
    this.socket = socket;
    this.welcomed = false;
    socket.addEventListener('open', () => {
      // The page draws the game's pieces: its frames carry the seat's scene.
      const hello = { type: 'hello', since: this.first + this.records.length, scene: true };
      if (this.seat) {
        hello.playerID = this.seat.playerID;
        hello.credentials = this.seat.credentials;
      }
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener('message', (event) => {
      if (socket !== this.socket) return;
      const arrivedAt = performance.now();
      trace.received.push(event.data);
      if (trace.received.length > FRAMES_KEPT) trace.received.shift();
      const frame = JSON.parse(event.data);
      // When it arrived, for the page's timings; not a field of the frame.
      Object.defineProperty(frame, 'arrivedAt', { value: arrivedAt, enumerable: false });
      this.receive(frame);
    });
    socket.addEventListener('close', () => {
      if (socket === this.socket) this.dropped();
    });
  }

  /** Applies `frame`'s changes to the view and scene held, and writes them into it whole:
   *  `false` when they do not apply (the page then asks for the match again). */
  follow(frame) {
    try {
      for (const part of ['view', 'scene']) {
        const changes = frame[`${part}_changes`];
        if (frame[part] !== undefined && frame[part] !== null) {
          this[part] = structuredClone(frame[part]);
        } else if (changes) {
          this[part] = applyPatch(this[part], changes);
          // The handlers keep what they are given: a copy, which the next changes leave.
          frame[part] = structuredClone(this[part]);
        }
      }
      return true;
    } catch (error) {
      console.error('meeple: an update did not apply, asking for the match again', error);
      this.records.length = 0;
      this.first = 0;
      this.socket.close();
      return false;
    }
  }

  receive(frame) {
    switch (frame.type) {
      case 'welcome': {
        // Copies: the changes to come are applied to these in place.
        this.view = structuredClone(frame.view);
        this.scene = structuredClone(frame.scene ?? null);
        // The records numbered `at - records.length` on: the ones missed, or all of them
        // again (a fresh welcome after falling behind), or the ones the match keeps.
        const from = frame.at - frame.records.length;
        if (from < this.first || from > this.first + this.records.length) {
          this.records.length = 0;
          this.first = from;
        }
        this.records.length = Math.min(this.records.length, from - this.first);
        this.records.push(...frame.records);
        this.welcomed = true;
        this.retryAfter = 250;
        this.handlers.state?.('connected');
        this.handlers.welcome(frame);
        return;
      }
      case 'records':
        if (!this.follow(frame)) return;
        this.records.push(...frame.records);
        this.handlers.records(frame);
        return;
      case 'undone':
        if (!this.follow(frame)) return;
        for (const position of [...frame.cancels].sort((a, b) => b - a)) {
          if (position >= this.first) this.records.splice(position - this.first, 1);
        }
        this.handlers.undone(frame);
        return;
      case 'seated':
        this.handlers.seated?.(frame);
        return;
      case 'seat_lost':
        // Not an answer to a request: the server says it on its own. From now on this
        // connection watches (and says hello again as an observer); a wiped match is over.
        this.seat = null;
        if (frame.reason === 'wiped') this.closed = true;
        this.handlers.seatLost?.(frame);
        return;
      default: {
        if (!this.welcomed && frame.type === 'error') {
          if (FINAL.includes(frame.error?.error)) {
            // No such seat, wrong credentials, no such match: trying again changes nothing.
            this.closed = true;
            this.socket.close();
            this.handlers.refused(frame);
          } else {
            // The store failed to load the match: tried again, later.
            this.socket.close();
          }
          return;
        }
        const waiting = this.pending.shift();
        if (waiting) waiting(frame);
        if (frame.type === 'error' && REOPEN.includes(frame.error?.error)) this.socket.close();
      }
    }
  }

  /** Sends `frame` and resolves to the server's answer to it (`accepted`, `prompt` or
   *  `error`); to an `error` tagged `disconnected` while the connection is down. */
  request(frame) {
    return new Promise((resolve) => {
      if (!this.welcomed || this.socket.readyState !== WebSocket.OPEN) {
        resolve(DISCONNECTED);
        return;
      }
      this.pending.push(resolve);
      this.socket.send(JSON.stringify(frame));
    });
  }

  dropped() {
    for (const waiting of this.pending.splice(0)) waiting(DISCONNECTED);
    this.welcomed = false;
    if (this.closed) return;
    this.handlers.state?.('reconnecting');
    setTimeout(() => {
      if (!this.closed) this.open();
    }, this.retryAfter);
    this.retryAfter = Math.min(this.retryAfter * 2, 4000);
  }

  /** Closes for good (the page leaves the match). */
  close() {
    this.closed = true;
    this.socket?.close();
  }
}
