// Building the page: elements from a tag, attributes and children, and nothing else.

/**
 * An element `tag` with `attributes` (`onclick` and the like become listeners, `dataset`
 * sets data attributes, `true` sets an empty attribute; `null`, `undefined` and `false`
 * set nothing) and `children` (nodes, or text; arrays are flattened, empty ones skipped).
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'dataset') {
      Object.assign(element.dataset, value);
    } else if (value === true) {
      element.setAttribute(name, '');
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/** Appends `children` (as `h` takes them) to `parent`. */
export function append(parent, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces the children of `parent` with `children` (as `h` takes them). */
export function replace(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/** A short text for any JSON value, as a cell or a list shows it. */
export function text(value) {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(text).join(', ');
  return JSON.stringify(value);
}
