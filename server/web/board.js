// The game's boards, found in its view wherever a board is (an object with a `grid` of
// rows and columns and its `spaces`' slots: the runtime's `Board`), drawn as grids of
// spaces. The spaces a selection offers (`choose_on_board`, `place_piece`: their values
// are spaces, or placements of a space) are buttons; the others show what lies there.

import { h, replace, text } from './dom.js';
import { spaceOf } from './prompt.js';

/** Every board in `view`, with the path it was found at (`["board"]`). */
export function boardsOf(view) {
  const found = [];
  const walk = (value, path) => {
    if (!value || typeof value !== 'object') return;
    if (isBoard(value)) {
      found.push({ path, board: value });
      return;
    }
    for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
  };
  walk(view, []);
  return found;
}

/** Whether `value` is a board as the runtime serializes one. */
export function isBoard(value) {
  return Boolean(value && typeof value === 'object' && !Array.isArray(value)
    && value.grid && Number.isInteger(value.grid.rows) && Number.isInteger(value.grid.columns)
    && value.spaces && Array.isArray(value.spaces.slots));
}

/** What a slot of a board shows: nothing, a piece, or a hidden piece. */
function slotText(slot) {
  if (slot === null || slot === undefined) return '';
  if (slot.hidden !== undefined) return '?';
  const known = slot.known ?? slot;
  const component = known.component ?? known;
  if (typeof component === 'string' || typeof component === 'number') return String(component);
  if (component && typeof component === 'object') {
    const first = Object.values(component).find((inner) => typeof inner === 'string' || typeof inner === 'number');
    if (first !== undefined) return String(first);
  }
  return text(component);
}

/** Draws every board of `view` into `element`; `selection` offers its spaces, clicking
 *  one calls `onSpace(space)`; `picked` are the values picked so far (several options). */
export function drawBoards(element, view, selection, picked, onSpace) {
  const boards = boardsOf(view);
  if (boards.length === 0) {
    replace(element);
    element.hidden = true;
    return;
  }
  element.hidden = false;
  const onBoard = selection && ['choose_on_board', 'place_piece'].includes(selection.kind);
  // A space offers its first option the rules allow; it is refused only when they refuse
  // every option there (a piece's rotations).
  const offered = new Map();
  for (const option of onBoard ? selection.options ?? [] : []) {
    const space = spaceOf(option.value);
    if (space === null) continue;
    const first = offered.get(space);
    if (!first || (first.error && !option.error)) offered.set(space, option);
  }
  const pickedSpaces = new Set((picked ?? []).map(spaceOf));
  replace(element, boards.map(({ path, board }) => {
    const { rows, columns } = board.grid;
    const cells = [];
    for (let space = 0; space < rows * columns; space += 1) {
      const option = offered.get(space);
      const content = slotText(board.spaces.slots[space]);
      const label = option ? option.label : `space ${space}`;
      const several = onBoard && selection.kind === 'choose_on_board' && selection.max > 1;
      cells.push(h('button', {
        type: 'button',
        class: ['space', option ? 'offered' : '', option?.error ? 'refused' : '', pickedSpaces.has(space) ? 'picked' : ''].join(' ').trim(),
        dataset: { space: String(space) },
        'aria-label': [content ? `${label}: ${content}` : label, option?.error].filter(Boolean).join('. '),
        'aria-pressed': option && several ? String(pickedSpaces.has(space)) : null,
        'aria-disabled': option?.error ? 'true' : null,
        title: option?.error ?? null,
        disabled: !option,
        onclick: () => onSpace(space),
      }, content));
    }
    const name = path.length > 0 ? path.join(' ').replaceAll('_', ' ') : 'board';
    return h('div', { class: 'board-wrap' },
      h('p', { class: 'board-name' }, name),
      h('div', {
        class: 'board', role: 'group', 'aria-label': name,
        style: `grid-template-columns: repeat(${columns}, minmax(2.5rem, 4rem))`,
      }, cells));
  }));
}
