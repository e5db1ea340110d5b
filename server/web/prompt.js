// A seat's prompt, for any game: its actions, then each selection of the action chosen,
// drawn by kind (options as buttons, refused ones shown with their reason; several
// options with the count chosen; numbers; text; groups; confirmations), the options of
// each later selection asked of the server for the choices so far (`prompt_action`).
// A half-made action can be taken back a choice at a time, or dropped, before it is
// submitted; it survives a dropped connection and new records while it stays offered.

import { h, replace } from './dom.js';

let reasons = 0;

export class PromptPanel {
  /**
   * Draws into `element`. `request(frame)` sends a frame and resolves to the answer;
   * `onSelection(selection, picked, chosen)` tells the table which options to offer on its
   * pieces (`null`: none), which are picked and which values the action chose so far; it
   * returns whether every option can be chosen there (then no button repeats them).
   */
  constructor(element, { request, onSelection }) {
    this.element = element;
    this.request = request;
    this.onSelection = onSelection;
    /** What is drawn again at every change, and a live region that is not: what a screen
     *  reader is told (a refusal, the count of a selection of several) only changes. */
    this.body = h('div', { class: 'prompt-body' });
    this.live = h('p', { class: 'live visually-hidden', role: 'status', 'aria-live': 'polite' });
    replace(element, this.body, this.live);
    this.prompt = null;
    this.at = 0;
    /** The action being made: `{action, selections, steps, current}`, or `null`. */
    this.building = null;
    /** The values picked so far in a selection of several options. */
    this.picked = [];
    /** The values picked before the last choice, given back if the server refuses it. */
    this.pickedBefore = [];
    /** The options of a `place_piece` selection shown for one space only. */
    this.spaceFilter = null;
    this.notice = '';
    this.busy = false;
    /** Whether the last request found the connection down: nothing more is chosen until
     *  the server's next prompt comes. */
    this.offline = false;
    /** The number of the latest request for the action's prompt: an older answer that
     *  comes after it is ignored. */
    this.ticket = 0;
    /** Whether the match is over: nothing more to wait for. */
    this.over = false;
    /** Whether the options of the selection being made are all drawn on the table's
     *  pieces, to be chosen there. */
    this.onTable = false;
  }

  /** Takes the seat's prompt (`null` when it is not to act) at record count `at`. A
   *  half-made action still offered is kept and its next selection asked again (never
   *  submitted without a click). */
  async setPrompt(prompt, at) {
    this.prompt = prompt && prompt.actions.length > 0 ? prompt : null;
    this.at = at;
    this.offline = false;
    if (!this.prompt) {
      this.building = null;
      this.spaceFilter = null;
      this.ticket += 1;
      this.busy = false;
      this.render();
      return;
    }
    if (this.building) {
      const offered = this.prompt.actions.some((action) => action.action === this.building.action);
      if (offered) {
        await this.ask(false);
        return;
      }
      this.building = null;
      this.spaceFilter = null;
    }
    if (this.prompt.actions.length === 1) this.start(this.prompt.actions[0], false);
    this.render();
  }

  /** Starts making `actionPrompt`'s action; `clicked` when the player chose it among others. */
  start(actionPrompt, clicked) {
    this.building = { action: actionPrompt.action, selections: {}, steps: [], current: actionPrompt };
    this.picked = [];
    this.spaceFilter = null;
    this.notice = '';
    if (clicked && !actionPrompt.selection && !actionPrompt.confirm) {
      this.submit();
    }
  }

  /** Chooses `values` (selection name to value) as one step, then asks what comes next. */
  async choose(values) {
    if (!this.building || this.busy || this.offline) return;
    this.building.steps.push(Object.keys(values));
    Object.assign(this.building.selections, values);
    this.pickedBefore = this.picked;
    this.picked = [];
    this.spaceFilter = null;
    this.notice = '';
    await this.ask(true);
  }

  /** Asks the server for the action's prompt after the choices so far; `afterChoice` when
   *  the player just made one (an action then complete with nothing to confirm is
   *  submitted). */
  async ask(afterChoice) {
    const building = this.building;
    if (!building) return;
    this.ticket += 1;
    const ticket = this.ticket;
    if (building.steps.length === 0) {
      const fresh = this.prompt?.actions.find((action) => action.action === building.action);
      if (fresh) {
        building.current = fresh;
        this.busy = false;
        this.render();
        return;
      }
    }
    this.busy = true;
    this.render();
    const answer = await this.request({
      type: 'prompt_action',
      action: building.action,
      selections: building.selections,
    });
    if (ticket !== this.ticket || this.building !== building) return;
    this.busy = false;
    if (answer.type === 'prompt') {
      const before = building.current?.selection?.name;
      building.current = answer.prompt;
      if (answer.prompt.selection?.name !== before) this.spaceFilter = null;
      if (afterChoice && !answer.prompt.selection && !answer.prompt.confirm) {
        await this.submit();
        return;
      }
    } else if (answer.error?.error === 'disconnected') {
      // Asked again once the connection is back (the new welcome brings the prompt).
      this.offline = true;
      this.notice = answer.message;
    } else {
      // The last choice is no longer possible: taken back, with the reason.
      this.notice = answer.message;
      this.undoStep();
      if (afterChoice) {
        this.picked = this.pickedBefore;
      } else {
        // The choices made before new records came may all be out of date: asked again
        // with one fewer, until the server takes them (the steps only shrink).
        await this.ask(false);
        return;
      }
    }
    this.render();
  }

  /** Takes back the last choice of the action being made. */
  async back() {
    if (!this.building || this.busy) return;
    if (this.building.steps.length === 0) {
      this.cancel();
      return;
    }
    this.undoStep();
    this.notice = '';
    await this.ask(false);
  }

  undoStep() {
    const step = this.building.steps.pop() ?? [];
    for (const name of step) delete this.building.selections[name];
    this.spaceFilter = null;
  }

  /** Drops the action being made. */
  cancel() {
    if (this.busy) return;
    this.building = null;
    this.picked = [];
    this.notice = '';
    this.spaceFilter = null;
    if (this.prompt?.actions.length === 1) this.start(this.prompt.actions[0], false);
    this.render();
  }

  /** Submits the action made, at the record count of the prompt it was made from. */
  async submit() {
    const building = this.building;
    if (!building || this.offline) return;
    this.ticket += 1;
    this.busy = true;
    this.render();
    const answer = await this.request({
      type: 'submit',
      at: this.at,
      action: building.action,
      selections: building.selections,
    });
    this.busy = false;
    if (answer.type === 'accepted') {
      if (this.building === building) this.building = null;
      this.notice = '';
      this.render();
      return;
    }
    this.notice = answer.message;
    const tag = answer.error?.error;
    const reason = answer.error?.reason?.reason?.error;
    // Sent when the connection dropped, it may have been taken: the table will say, and
    // nothing is sent again without a click.
    const outdated = tag === 'stale' || tag === 'disconnected'
      || ['not_your_turn', 'action_not_available', 'game_over'].includes(reason);
    if (outdated && this.building === building) this.building = null;
    this.render();
  }

  /** The selection the player makes now, if any. */
  selection() {
    return this.building?.current?.selection ?? null;
  }

  /** A space of the board was clicked: its option chosen (or picked, for several). */
  chooseSpace(space) {
    const selection = this.selection();
    if (!selection) return;
    const options = (selection.options ?? []).filter((option) => spaceOf(option.value) === space);
    if (options.length === 0) return;
    if (selection.kind === 'place_piece' && options.length > 1) {
      this.spaceFilter = space;
      this.render();
      return;
    }
    this.pick(selection, options[0]);
  }

  /** A value was clicked where the game draws it (a card of its own renderer): the
   *  current selection's option of that value, if it has one. */
  chooseValue(value) {
    const selection = this.selection();
    const option = (selection?.options ?? []).find((candidate) => same(candidate.value, value));
    if (option) this.pick(selection, option);
  }

  /** The player clicked `option` of `selection`. */
  pick(selection, option) {
    if (option.error) {
      this.notice = `${option.label}: ${option.error}`;
      this.render();
      return;
    }
    const bounds = choiceBounds(selection);
    if (bounds && !(bounds.min === 1 && bounds.max === 1)) {
      const at = this.picked.findIndex((value) => same(value, option.value));
      if (at >= 0) this.picked.splice(at, 1);
      else if (this.picked.length < bounds.max) this.picked.push(option.value);
      this.notice = '';
      this.render();
      return;
    }
    const values = { [selection.name]: option.value };
    for (const then of option.then ?? []) values[then.selection] = then.value;
    this.choose(values);
  }

  /** Every value the action being made chose so far, flattened. */
  chosenValues() {
    return Object.values(this.building?.selections ?? {}).flat();
  }

  render() {
    const selection = this.selection();
    this.onTable = Boolean(this.onSelection(selection, this.picked, this.chosenValues()));
    // What the player was typing or ticking, and where the focus was, come back after
    // the panel is drawn again (others' moves redraw it at any time).
    const kept = new Map();
    for (const input of this.body.querySelectorAll('input, select, textarea')) {
      kept.set(keyOf(input), input.type === 'checkbox' || input.type === 'radio' ? input.checked : input.value);
    }
    const focused = this.element.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    replace(this.body, this.draw());
    for (const input of this.body.querySelectorAll('input, select, textarea')) {
      const key = keyOf(input);
      if (!kept.has(key)) continue;
      if (input.type === 'checkbox' || input.type === 'radio') input.checked = kept.get(key);
      else input.value = kept.get(key);
    }
    if (focused) {
      const again = [...this.body.querySelectorAll('button, input, select, textarea')]
        .find((candidate) => keyOf(candidate) === focused);
      again?.focus();
    }
    this.element.dataset.busy = this.busy ? 'true' : 'false';
    const told = this.notice || (this.body.querySelector('.count')?.textContent ?? '');
    if (this.live.textContent !== told) this.live.textContent = told;
  }

  /** The panel's contents as they stand. */
  draw() {
    if (!this.prompt) {
      return [
        this.over ? null : h('h2', { id: 'prompt-heading' }, 'Waiting for the others'),
        this.notice ? h('p', { class: 'notice' }, this.notice) : null,
      ];
    }
    const parts = [h('h2', { id: 'prompt-heading' }, 'Your move')];
    if (!this.building) {
      parts.push(h('div', { class: 'actions', role: 'group', 'aria-label': 'Actions' },
        this.prompt.actions.map((action) => h('button', {
          type: 'button',
          dataset: { role: 'action', action: action.action },
          disabled: this.busy,
          onclick: () => {
            this.start(action, true);
            this.render();
          },
        }, action.prompt))));
    } else {
      parts.push(this.renderBuilding());
    }
    if (this.notice) parts.push(h('p', { class: 'notice' }, this.notice));
    return parts;
  }

  renderBuilding() {
    const current = this.building.current;
    const chosen = current.chosen ?? [];
    const controls = [];
    // The action's name, unless its selection's instruction says the same.
    if (current.selection?.prompt !== current.prompt) controls.push(h('p', { class: 'action-name' }, current.prompt));
    if (current.args) controls.push(h('p', { class: 'args' }, `With ${JSON.stringify(current.args)}`));
    if (chosen.length > 0) {
      controls.push(h('ol', { class: 'chosen', 'aria-label': 'Chosen so far' },
        chosen.map((choice) => h('li', {}, choice.label, choice.preset ? ' (the only choice)' : ''))));
    }
    const selection = current.selection;
    if (selection) {
      controls.push(this.renderSelection(selection));
    } else if (current.confirm) {
      controls.push(h('p', { class: 'confirm-text' }, current.confirm),
        h('button', {
          type: 'button', class: 'primary', dataset: { role: 'confirm' }, disabled: this.busy,
          onclick: () => this.submit(),
        }, 'Confirm'));
    } else {
      controls.push(h('button', {
        type: 'button', class: 'primary', dataset: { role: 'submit' }, disabled: this.busy,
        onclick: () => this.submit(),
      }, current.prompt));
    }
    const backs = [];
    if (this.building.steps.length > 0) {
      backs.push(h('button', {
        type: 'button', dataset: { role: 'back' }, disabled: this.busy, onclick: () => this.back(),
      }, 'Take back the last choice'));
    }
    if (this.prompt.actions.length > 1 || this.building.steps.length > 0) {
      backs.push(h('button', {
        type: 'button', dataset: { role: 'cancel' }, disabled: this.busy, onclick: () => this.cancel(),
      }, this.prompt.actions.length > 1 ? 'Choose another action' : 'Start again'));
    }
    if (backs.length > 0) controls.push(h('div', { class: 'backs' }, backs));
    return h('div', { class: 'building', dataset: { action: this.building.action } }, controls);
  }

  renderSelection(selection) {
    const legend = h('legend', {}, selection.prompt);
    if (selection.error) {
      return h('fieldset', { class: 'selection' }, legend,
        h('p', { class: 'notice' }, selection.error));
    }
    switch (selection.kind) {
      case 'choose_number':
        if ((selection.options ?? []).length === 0) return this.renderNumber(selection, legend);
        return this.renderOptions(selection, legend);
      case 'enter_text':
        return this.renderText(selection, legend);
      case 'choose_group':
        return this.renderGroup(selection, legend);
      default:
        return this.renderOptions(selection, legend);
    }
  }

  renderOptions(selection, legend) {
    const bounds = choiceBounds(selection) ?? { min: 1, max: 1 };
    const single = bounds.min === 1 && bounds.max === 1;
    let options = selection.options ?? [];
    if (this.spaceFilter !== null) {
      options = options.filter((option) => spaceOf(option.value) === this.spaceFilter);
    }
    // Options drawn on the table's pieces are chosen there: no second row of them.
    const onTable = this.onTable && this.spaceFilter === null;
    const buttons = onTable ? [] : options.map((option) => {
      const picked = this.picked.some((value) => same(value, option.value));
      let described = null;
      const attributes = {
        type: 'button',
        class: option.error ? 'option refused' : 'option',
        dataset: { role: 'option', value: JSON.stringify(option.value) },
        'aria-pressed': single ? null : String(picked),
        disabled: this.busy,
        onclick: () => this.pick(selection, option),
      };
      // The game's preselected number (`initial`), marked for the eye and in words.
      if (selection.kind === 'choose_number' && selection.initial === option.value) {
        attributes.class += ' suggested';
        attributes.title = 'suggested';
      }
      if (option.error) {
        reasons += 1;
        const id = `reason-${reasons}`;
        attributes['aria-disabled'] = 'true';
        attributes['aria-describedby'] = id;
        attributes.title = option.error;
        described = h('span', { id, class: 'reason' }, option.error);
      }
      return h('span', { class: 'option-wrap' }, h('button', attributes, option.label), described);
    });
    const parts = [legend, onTable
      ? h('p', { class: 'on-table' }, 'Choose on the table.')
      : h('div', { class: 'options' }, buttons)];
    if (!single) {
      const wanted = bounds.min === bounds.max ? `${bounds.min}` : `${bounds.min} to ${bounds.max}`;
      const ready = this.picked.length >= bounds.min && this.picked.length <= bounds.max;
      parts.push(h('p', { class: 'count' },
        `${this.picked.length} chosen; choose ${wanted}.`));
      parts.push(h('button', {
        type: 'button', class: 'primary', dataset: { role: 'choose' },
        disabled: !ready || this.busy,
        onclick: () => this.choose({ [selection.name]: [...this.picked] }),
      }, 'Choose these'));
    }
    return h('fieldset', { class: 'selection', dataset: { kind: selection.kind, name: selection.name } }, parts);
  }

  renderNumber(selection, legend) {
    const input = h('input', {
      type: 'number', min: selection.min, max: selection.max, value: selection.initial ?? selection.min,
      required: true, dataset: { role: 'number' }, 'aria-label': selection.prompt,
    });
    const form = h('form', {
      class: 'selection-form',
      onsubmit: (event) => {
        event.preventDefault();
        const value = Number(input.value);
        if (!Number.isInteger(value) || value < selection.min || value > selection.max) {
          this.notice = `Choose a whole number from ${selection.min} to ${selection.max}.`;
          this.render();
          return;
        }
        this.choose({ [selection.name]: value });
      },
    }, h('label', {}, `${selection.min} to ${selection.max} `, input),
    h('button', { type: 'submit', class: 'primary', dataset: { role: 'choose' }, disabled: this.busy }, 'Choose'));
    return h('fieldset', { class: 'selection', dataset: { kind: selection.kind, name: selection.name } }, legend, form);
  }

  renderText(selection, legend) {
    const input = h('input', { type: 'text', dataset: { role: 'text' }, 'aria-label': selection.prompt });
    const form = h('form', {
      class: 'selection-form',
      onsubmit: (event) => {
        event.preventDefault();
        this.choose({ [selection.name]: input.value });
      },
    }, input, h('button', { type: 'submit', class: 'primary', dataset: { role: 'choose' }, disabled: this.busy }, 'Choose'));
    return h('fieldset', { class: 'selection', dataset: { kind: selection.kind, name: selection.name } }, legend, form);
  }

  /** A group: every selection of it at once, then one step with all of them. */
  renderGroup(selection, legend) {
    const readers = [];
    const fields = selection.selections.map((inner) => {
      // A number from a range too wide to list its options is typed in.
      const listed = inner.kind !== 'choose_number' || (inner.options ?? []).length > 0;
      const bounds = listed ? choiceBounds(inner) : null;
      if (bounds) {
        const single = bounds.min === 1 && bounds.max === 1;
        const name = `group-${inner.name}`;
        const inputs = (inner.options ?? []).map((option, index) => h('label', { class: option.error ? 'refused' : null, title: option.error },
          h('input', {
            type: single ? 'radio' : 'checkbox', name, value: String(index),
            disabled: Boolean(option.error), dataset: { role: 'group-option' },
          }), ` ${option.label}`, option.error ? h('span', { class: 'reason' }, ` (${option.error})`) : null));
        readers.push((form) => {
          const checked = [...form.querySelectorAll(`input[name="${name}"]:checked`)]
            .map((input) => inner.options[Number(input.value)].value);
          if (checked.length < bounds.min || checked.length > bounds.max) {
            throw new Error(`${inner.prompt}: choose ${bounds.min === bounds.max ? bounds.min : `${bounds.min} to ${bounds.max}`}.`);
          }
          return [inner.name, single ? checked[0] : checked];
        });
        return h('fieldset', { class: 'group-part' }, h('legend', {}, inner.prompt), inputs);
      }
      const input = inner.kind === 'choose_number'
        ? h('input', { type: 'number', min: inner.min, max: inner.max, value: inner.initial ?? inner.min, dataset: { role: 'number' } })
        : h('input', { type: 'text', dataset: { role: 'text' } });
      readers.push(() => [inner.name, inner.kind === 'choose_number' ? Number(input.value) : input.value]);
      return h('label', { class: 'group-part' }, `${inner.prompt} `, input);
    });
    const form = h('form', {
      class: 'selection-form',
      onsubmit: (event) => {
        event.preventDefault();
        try {
          this.choose(Object.fromEntries(readers.map((read) => read(form))));
        } catch (error) {
          this.notice = error.message;
          this.render();
        }
      },
    }, fields, h('button', { type: 'submit', class: 'primary', dataset: { role: 'choose' }, disabled: this.busy }, 'Choose'));
    return h('fieldset', { class: 'selection', dataset: { kind: selection.kind, name: selection.name } }, legend, form);
  }
}

/** The fewest and most options to pick, for a choice among options; `null` otherwise. */
export function choiceBounds(selection) {
  switch (selection.kind) {
    case 'choose_from':
    case 'choose_on_board':
      return { min: selection.min, max: selection.max };
    case 'place_piece':
    case 'choose_number':
      return { min: 1, max: 1 };
    default:
      return null;
  }
}

/** The space an option's value names: the value itself, or a placement's space. */
export function spaceOf(value) {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && typeof value.space === 'number') return value.space;
  return null;
}

/** What names a control across redraws: its role, value and name. */
function keyOf(element) {
  const { role = '', value = '', action = '', space = '', card = '' } = element.dataset ?? {};
  const checkable = element.type === 'checkbox' || element.type === 'radio';
  return [element.tagName, role, value, action, space, card, element.name ?? '', checkable ? element.value : ''].join('|');
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
