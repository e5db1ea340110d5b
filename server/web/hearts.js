// Hearts' own table (a renderer of its view; the generic table plays it too): the seat's
// hand as cards, sorted by suit, the cards it may play or pass clickable, those the rules
// refuse shown with their reason; the trick in the middle, each card where its player
// sits; each seat's points this hand and in all.

import { h } from './dom.js';
import { renderers } from './view.js';

const SUITS = { C: 'clubs', D: 'diamonds', S: 'spades', H: 'hearts' };
const SYMBOLS = { C: '♣', D: '♦', S: '♠', H: '♥' };
const RANKS = '23456789TJQKA';

function cardText(card) {
  const rank = card.slice(0, -1);
  return `${rank === 'T' ? '10' : rank}${SYMBOLS[card.slice(-1)] ?? card.slice(-1)}`;
}

function cardName(card) {
  const names = { T: '10', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
  const rank = card.slice(0, -1);
  return `${names[rank] ?? rank} of ${SUITS[card.slice(-1)] ?? card.slice(-1)}`;
}

function order(card) {
  return 'CDSH'.indexOf(card.slice(-1)) * 13 + RANKS.indexOf(card.slice(0, -1));
}

function red(card) {
  return card.endsWith('H') || card.endsWith('D');
}

renderers.set('hearts', (view, context) => {
  const { seat, names, selection, picked, pick } = context;
  const options = new Map((selection?.options ?? []).map((option) => [option.value, option]));
  const chosen = new Set(picked ?? []);
  const parts = [];
  const hand = seat === null ? [] : [...(view.hands?.[seat] ?? [])].sort((a, b) => order(a) - order(b));
  if (seat !== null) {
    parts.push(h('h2', {}, `Your hand (${hand.length})`),
      h('div', { class: 'cards hand', role: 'group', 'aria-label': 'Your hand' }, hand.map((card) => {
        const option = options.get(card);
        return h('button', {
          type: 'button',
          class: ['card', red(card) ? 'red' : '', option?.error ? 'refused' : '', chosen.has(card) ? 'picked' : ''].join(' ').trim(),
          dataset: { card },
          'aria-label': cardName(card) + (option?.error ? `: ${option.error}` : ''),
          'aria-pressed': selection && selection.max > 1 ? String(chosen.has(card)) : null,
          title: option?.error ?? null,
          disabled: !option,
          onclick: () => pick(card),
        }, cardText(card));
      })));
  }
  // The trick, each card where its player sits, the viewer at the bottom.
  const bottom = seat ?? 0;
  const spots = [[2, 1], [1, 0], [0, 1], [1, 2]];
  const cells = [];
  for (let offset = 0; offset < 4; offset += 1) {
    const player = (bottom + offset) % 4;
    const card = view.trick?.[player];
    const [row, column] = spots[offset];
    cells.push(h('div', {
      class: 'trick-spot', style: `grid-row: ${row + 1}; grid-column: ${column + 1}`,
    }, h('span', { class: 'trick-name' }, names[player] ?? `seat ${player}`),
    card ? h('span', { class: `card ${red(card) ? 'red' : ''}`, 'aria-label': cardName(card) }, cardText(card)) : null));
  }
  parts.push(h('h2', {}, 'The trick'), h('div', { class: 'trick', role: 'group', 'aria-label': 'The trick' }, cells));
  parts.push(h('table', { class: 'scores' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Seat'), h('th', {}, 'This hand'), h('th', {}, 'Total'))),
    h('tbody', {}, (view.totals ?? []).map((total, player) => h('tr', {},
      h('th', { scope: 'row' }, names[player] ?? `seat ${player}`),
      h('td', {}, String(view.points?.[player] ?? 0)),
      h('td', {}, String(total)))))));
  if (view.hearts_broken) parts.push(h('p', {}, 'Hearts are broken.'));
  return h('div', { class: 'hearts' }, parts);
});
