// The view of any game as the seat sees it, written out: its fields by name, nested, for
// authors (the table draws the game's pieces from its scene, `scene.js`). A game may
// register a renderer of its own for its view (`renderers`), drawn instead of its scene;
// no shipped game needs one.

import { h, text } from './dom.js';

/** Renderers of their own, by game name: `(view, context) => Node`. */
export const renderers = new Map();

/** How many entries of a list are written before the rest is summed up. */
const LIST_LIMIT = 60;

/** The view of `game` as its own renderer draws it, or `null` when it has none.
 *  `context`: `{seat, names, selection, picked, pick(value)}`. */
export function renderOwn(game, view, context) {
  const own = renderers.get(game);
  return own ? own(view, context) : null;
}

/** The view written out, field by field, whatever the game. */
export function renderView(view) {
  return generic(view, 0);
}

function name(key) {
  return key.replaceAll('_', ' ');
}

function generic(value, depth) {
  if (value === null || typeof value !== 'object') return h('span', { class: 'value' }, text(value));
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      return h('span', { class: 'value' }, value.length === 0 ? 'none' : value.map(text).join(', '));
    }
    const shown = value.slice(0, LIST_LIMIT);
    return h('ol', { class: 'list', start: 0 },
      shown.map((item) => h('li', {}, generic(item, depth + 1))),
      value.length > LIST_LIMIT ? h('li', {}, `… ${value.length - LIST_LIMIT} more`) : null);
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return h('span', { class: 'value' }, 'none');
  return h('dl', { class: depth === 0 ? 'fields top' : 'fields' },
    entries.map(([key, inner]) => [h('dt', {}, name(key)), h('dd', {}, generic(inner, depth + 1))]));
}
