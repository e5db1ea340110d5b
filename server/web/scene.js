// The game drawn as pieces, for any game, from the scene the server sends with each frame
// (the Rust `meeple::scene`): the parts on the table (boards with their coordinates, the
// trick, piles, bases), each seat's area (its hand fanned, its piles, its counters, a few
// lines the game writes), every piece face up or face down, coloured by its ink or its
// owner. The options of the selection being made are chosen on the pieces themselves:
// a piece or part whose `choices` hold an option's value is a button, a space of a board
// is one when an option names it.

import { h, replace } from './dom.js';
import { spaceOf } from './prompt.js';

/** At most this many face-down pieces are drawn side by side; more are drawn as a pile
 *  with its count. */
const FANNED_BACKS = 5;

/**
 * Draws `scene` into the `table` and `areas` elements. `context`:
 * `{seat, seatName(index), selection, picked, chosen, pick(option), chooseSpace(space)}`:
 * the viewer's seat (`null` for an observer), each seat's name as the table shows it,
 * the selection being made (`null`: none), the values picked in it so far, the values
 * chosen earlier in the action, and what a click on an offered piece or space does.
 * Returns whether every option of the selection can be chosen on the pieces drawn.
 */
export function drawScene(elements, scene, context) {
  const offer = new Offer(context.selection, context.picked, context.chosen);
  const seats = scene?.seats ?? [];
  replace(elements.summary, (scene?.summary ?? []).map((line) => h('p', {}, line)));
  elements.summary.hidden = (scene?.summary ?? []).length === 0;
  replace(elements.table, (scene?.table ?? []).map((part) => drawPart(part, offer, context)));
  const mine = context.seat !== null && context.seat < seats.length ? context.seat : null;
  const others = seats.map((area, index) => ({ area, index })).filter(({ index }) => index !== mine);
  replace(elements.others, others.map(({ area, index }) => drawArea(area, index, offer, context, false)));
  replace(elements.mine, mine === null ? null : drawArea(seats[mine], mine, offer, context, true));
  elements.mine.hidden = mine === null;
  return offer.covered();
}

/** The options of the selection being made, found by value. */
class Offer {
  constructor(selection, picked, chosen) {
    this.selection = selection;
    this.onPieces = Boolean(selection?.options) && !['choose_group', 'enter_text'].includes(selection.kind);
    this.byValue = new Map();
    this.bySpace = new Map();
    // Only a selection of the board's spaces offers them by number.
    const onBoard = Boolean(selection) && ['choose_on_board', 'place_piece'].includes(selection.kind);
    for (const option of this.onPieces ? selection.options : []) {
      this.byValue.set(key(option.value), option);
      const space = onBoard ? spaceOf(option.value) : null;
      if (space !== null) {
        // A space offers its first option the rules allow (a piece's rotations).
        const first = this.bySpace.get(space);
        if (!first || (first.error && !option.error)) this.bySpace.set(space, option);
      }
    }
    this.picked = new Set((picked ?? []).map(key));
    this.pickedSpaces = new Set((picked ?? []).map(spaceOf).filter((space) => space !== null));
    this.chosen = new Set((chosen ?? []).map(key));
    this.drawn = new Set();
    this.several = Boolean(selection) && ['choose_from', 'choose_on_board'].includes(selection.kind) && selection.max > 1;
  }

  /** The option of the first of `choices` the selection offers. */
  find(choices) {
    for (const choice of choices ?? []) {
      const option = this.byValue.get(key(choice));
      if (option) {
        this.drawn.add(key(option.value));
        return option;
      }
    }
    return null;
  }

  /** The option a space of a board offers. */
  space(index) {
    const option = this.bySpace.get(index);
    if (option) {
      for (const [value, other] of this.byValue) if (spaceOf(other.value) === index) this.drawn.add(value);
    }
    return option ?? null;
  }

  isPicked(choices) {
    return (choices ?? []).some((choice) => this.picked.has(key(choice)));
  }

  isChosen(choices) {
    return (choices ?? []).some((choice) => this.chosen.has(key(choice)));
  }

  /** Whether every option was drawn on a piece, a part or a space. */
  covered() {
    return this.onPieces && this.byValue.size > 0 && [...this.byValue.keys()].every((value) => this.drawn.has(value));
  }
}

function key(value) {
  return JSON.stringify(value);
}

function drawArea(area, index, offer, context, mine) {
  const name = context.seatName(index);
  return h('section', {
    class: `area owner-${index % 6}${mine ? ' mine' : ''}${context.toAct?.includes(index) ? ' to-act' : ''}`,
    'aria-label': mine ? `${name} (you)` : name,
    dataset: { seat: String(index) },
  },
  h('h2', { class: 'area-name' }, mine ? `${name} (you)` : name,
    context.toAct?.includes(index) ? h('span', { class: 'turn-badge' }, ' to play') : null),
  (area.summary ?? []).length > 0 ? h('p', { class: 'area-summary' }, area.summary.join(' · ')) : null,
  h('div', { class: 'area-parts' }, (area.parts ?? []).map((part) => drawPart(part, offer, context))));
}

function drawPart(part, offer, context) {
  const notes = (part.notes ?? []).length > 0
    ? h('p', { class: 'notes' }, part.notes.join(' · '))
    : null;
  const option = offer.find(part.choices);
  const heading = option
    ? h('button', optionAttributes(option, offer, part.choices, context, `part-choice`), part.name)
    : h('h3', { class: 'part-name' }, part.name);
  switch (part.shape) {
    case 'counter':
      return h('div', { class: 'part counter' }, h('span', { class: 'part-name' }, part.name), ' ',
        h('strong', {}, String(part.value)));
    case 'board':
      return h('div', { class: 'part board-part' }, heading, notes, drawBoard(part, offer, context));
    default:
      return h('div', { class: `part cards layout-${part.layout}${option ? ' offered' : ''}` }, heading, notes,
        drawCards(part, offer, context));
  }
}

/** The attributes of a button that picks `option`. */
function optionAttributes(option, offer, choices, context, role) {
  const picked = offer.isPicked(choices);
  return {
    type: 'button',
    class: [role, 'offered', option.error ? 'refused' : '', picked ? 'picked' : ''].join(' ').trim(),
    dataset: { role, choice: key(option.value) },
    'aria-pressed': offer.several ? String(picked) : null,
    'aria-disabled': option.error ? 'true' : null,
    title: option.error ?? null,
    onclick: () => context.pick(option),
  };
}

function drawCards(part, offer, context) {
  const pieces = part.pieces ?? [];
  if (pieces.length === 0) return h('p', { class: 'empty' }, 'none');
  const backs = pieces.filter((piece) => piece.face === null || piece.face === undefined).length;
  // A pile shows its top piece and its count; so do many face-down pieces.
  if (part.layout === 'pile' || (backs === pieces.length && pieces.length > FANNED_BACKS)) {
    const top = pieces[pieces.length - 1];
    return h('div', { class: 'pile' }, drawPiece(top, offer, context),
      h('span', { class: 'count' }, h('span', { 'aria-hidden': 'true' }, `×${pieces.length}`),
        h('span', { class: 'visually-hidden' }, pieces.length === 1 ? '1 piece in all' : `${pieces.length} pieces in all`)));
  }
  return h('div', { class: `pieces ${part.layout}` }, pieces.map((piece) => drawPiece(piece, offer, context)));
}

/** What a piece says: its face, then its name in words (a screen reader reads both; the
 *  face is what a person sees and says). */
function pieceWords(piece) {
  const face = piece.face ?? null;
  if (face === null) return [h('span', { class: 'back', 'aria-hidden': 'true' }), h('span', { class: 'visually-hidden' }, piece.title ?? 'a face-down card')];
  return [h('span', { class: face.length > 3 ? 'face long' : 'face' }, face), piece.title ? h('span', { class: 'visually-hidden' }, `, ${piece.title}`) : null];
}

/** What follows `piece` from one scene to the next: its key, or a card's own value. */
function followKey(piece) {
  if (piece.key) return piece.key;
  const first = piece.choices?.[0];
  // A number is a space of a board, not the piece on it.
  return piece.face !== null && piece.face !== undefined && first !== undefined && typeof first !== 'number'
    ? key(first) : null;
}

/** Where each piece and each board space lies now, to animate what moves: by their keys
 *  (`data-key`) and spaces (`data-space`, with whether it was face down). */
export function positions(root) {
  const found = new Map();
  for (const element of root.querySelectorAll('[data-key], .board [data-space]')) {
    const rect = element.getBoundingClientRect();
    const down = element.classList.contains('face-down');
    if (element.dataset.key) found.set(`k${element.dataset.key}`, { rect, down });
    if (element.dataset.space !== undefined) found.set(`s${element.dataset.space}`, { rect, down });
  }
  return found;
}

/** How long a piece takes to travel to where it lies now, in ms. */
const TRAVEL_MS = 380;

/** Animates every piece from where it lay (`before`, from `positions`) to where it lies
 *  now: a card from the hand to the trick, a pawn from its space to the next; a piece
 *  turned over turns. The page takes clicks all the while. Nothing moves for a person who
 *  asked for reduced motion. */
export function animateFrom(root, before) {
  if (before.size === 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const element of root.querySelectorAll('[data-key], .board [data-space]')) {
    const was = (element.dataset.key && before.get(`k${element.dataset.key}`))
      || (!element.dataset.key && element.dataset.space !== undefined && before.get(`s${element.dataset.space}`));
    if (!was) continue;
    const now = element.getBoundingClientRect();
    const dx = was.rect.left - now.left;
    const dy = was.rect.top - now.top;
    const turned = was.down && !element.classList.contains('face-down');
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && !turned) continue;
    const rest = getComputedStyle(element).transform;
    const end = rest === 'none' ? 'none' : rest;
    const start = `translate(${dx}px, ${dy}px)${turned ? ' rotateY(90deg)' : ''}${rest === 'none' ? '' : ` ${rest}`}`;
    element.animate([{ transform: start }, { transform: end }], { duration: TRAVEL_MS, easing: 'ease-out' });
  }
}

function pieceClass(piece) {
  return [
    'piece',
    piece.face === null || piece.face === undefined ? 'face-down' : 'face-up',
    piece.ink ? `ink-${piece.ink}` : '',
    piece.owner !== undefined && piece.owner !== null ? `owner-${piece.owner % 6}` : '',
  ].filter(Boolean).join(' ');
}

function drawPiece(piece, offer, context) {
  const marks = (piece.marks ?? []).map((mark) => h('span', { class: 'mark' }, mark));
  const option = offer.find(piece.choices);
  const chosen = offer.isChosen(piece.choices);
  const followed = followKey(piece);
  if (option) {
    const attributes = optionAttributes(option, offer, piece.choices, context, 'piece-choice');
    attributes.class = `${pieceClass(piece)} ${attributes.class}${chosen ? ' chosen' : ''}`;
    if (followed) attributes.dataset.key = followed;
    return h('button', attributes, pieceWords(piece), marks);
  }
  return h('span', {
    class: `${pieceClass(piece)}${chosen ? ' chosen' : ''}`,
    title: piece.title ?? null,
    dataset: followed ? { key: followed } : {},
  }, pieceWords(piece), marks);
}

function drawBoard(part, offer, context) {
  const { rows, columns } = part;
  const rowLabels = part.row_labels ?? [];
  const columnLabels = part.column_labels ?? [];
  const cells = [];
  const labelled = rowLabels.length > 0;
  if (columnLabels.length > 0) {
    if (labelled) cells.push(h('span', { class: 'corner', 'aria-hidden': 'true' }));
    for (const label of columnLabels) cells.push(h('span', { class: 'coordinate', 'aria-hidden': 'true' }, label));
  }
  for (let row = 0; row < rows; row += 1) {
    if (labelled) cells.push(h('span', { class: 'coordinate', 'aria-hidden': 'true' }, rowLabels[row] ?? ''));
    for (let column = 0; column < columns; column += 1) {
      const index = row * columns + column;
      const piece = part.spaces?.[index] ?? null;
      const where = [columnLabels[column], rowLabels[row]].filter(Boolean).join('') || `space ${index}`;
      const bySpace = offer.space(index);
      const option = bySpace ?? (piece ? offer.find(piece.choices) : null);
      const picked = offer.pickedSpaces.has(index) || (piece && offer.isPicked(piece.choices));
      const chosen = piece ? offer.isChosen(piece.choices) : offer.chosen.has(key(index));
      const classes = ['space', piece ? pieceClass(piece).replace(/^piece /, '') : 'empty', chosen ? 'chosen' : '', (row + column) % 2 === 1 ? 'dark' : ''];
      const content = piece ? [pieceWords(piece), (piece.marks ?? []).map((mark) => h('span', { class: 'mark' }, mark))]
        : h('span', { class: 'visually-hidden' }, `${where}, empty`);
      const followed = piece ? followKey(piece) : null;
      if (option) {
        cells.push(h('button', {
          type: 'button',
          class: [...classes, 'offered', option.error ? 'refused' : '', picked ? 'picked' : ''].join(' '),
          dataset: { space: String(index), role: 'space', choice: key(option.value), ...(followed ? { key: followed } : {}) },
          'aria-pressed': offer.several ? String(Boolean(picked)) : null,
          'aria-disabled': option.error ? 'true' : null,
          title: option.error ? `${option.label}: ${option.error}` : option.label,
          // A space offered as a space; a piece there offered by its own value (a target).
          onclick: () => (bySpace ? context.chooseSpace(index) : context.pick(option)),
        }, content));
      } else {
        cells.push(h('div', { class: classes.join(' '), dataset: { space: String(index), ...(followed ? { key: followed } : {}) } }, content));
      }
    }
  }
  // Spaces as large as fit: the whole board in the window beside the rest of the table,
  // the gaps between its columns (2px each) and a label column counted out first.
  const across = Math.max(columns, 1);
  const spare = `4rem + ${(across - 1) * 2}px${labelled ? ' + 2rem' : ''}`;
  const size = `min(5rem, ${(48 / Math.max(rows, 1)).toFixed(2)}vh, calc((100vw - (${spare})) / ${across}))`;
  const track = `${labelled ? 'max-content ' : ''}repeat(${columns}, ${size})`;
  return h('div', {
    class: 'board', role: 'group', 'aria-label': part.name,
    style: `grid-template-columns: ${track}`,
  }, cells);
}
