// JSON Patch (RFC 6902), applied as the server sends it: an update carries a viewer's view
// and scene as the changes from the ones it was last sent (`view_changes`,
// `scene_changes`), and the page applies them to what it holds.

/** The path `pointer` (RFC 6901) as its tokens: `/a/b~1c` is `['a', 'b/c']`. */
const tokens = (pointer) => {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer.slice(1).split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
};

/** The container holding the last token of `path` in `document`, and that token. */
const parentOf = (document, path) => {
  let node = document;
  for (const token of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) {
      throw new Error(`no ${token} on the path ${path.join('/')}`);
    }
    node = node[token];
  }
  return [node, path[path.length - 1]];
};

/** The value at `pointer` in `document`. */
const valueAt = (document, pointer) => {
  let node = document;
  for (const token of tokens(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) {
      throw new Error(`no value at ${pointer}`);
    }
    node = node[token];
  }
  return node;
};

/** `document` with `value` put at `pointer`: into an array at an index (or `-`, its
 *  end), or as a member of an object, or as the whole document. */
const add = (document, pointer, value) => {
  const path = tokens(pointer);
  if (path.length === 0) return value;
  const [parent, last] = parentOf(document, path);
  if (Array.isArray(parent)) {
    const index = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) {
      throw new Error(`no index ${last} to add at in ${pointer}`);
    }
    parent.splice(index, 0, value);
  } else {
    parent[last] = value;
  }
  return document;
};

/** `document` without the value at `pointer`. */
const remove = (document, pointer) => {
  const path = tokens(pointer);
  const [parent, last] = parentOf(document, path);
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return document;
};

/** A copy of `value` that shares nothing with it. */
const copyOf = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * `document` with `patch` (an array of RFC 6902 operations) applied in order: the same
 * object, changed in place where it can be (a `replace` of the whole document gives
 * another). Throws on an operation that does not apply; the page then asks for the match
 * whole again.
 */
export const applyPatch = (document, patch) => {
  let changed = document;
  for (const operation of patch) {
    switch (operation.op) {
      case 'add':
        changed = add(changed, operation.path, copyOf(operation.value));
        break;
      case 'remove':
        valueAt(changed, operation.path);
        changed = remove(changed, operation.path);
        break;
      case 'replace': {
        valueAt(changed, operation.path);
        const path = tokens(operation.path);
        if (path.length === 0) {
          changed = copyOf(operation.value);
        } else {
          // In place: an object's member keeps its place among the others.
          const [parent, last] = parentOf(changed, path);
          parent[last] = copyOf(operation.value);
        }
        break;
      }
      case 'move': {
        const moved = valueAt(changed, operation.from);
        changed = add(remove(changed, operation.from), operation.path, moved);
        break;
      }
      case 'copy':
        changed = add(changed, operation.path, copyOf(valueAt(changed, operation.from)));
        break;
      case 'test':
        if (JSON.stringify(valueAt(changed, operation.path)) !== JSON.stringify(operation.value)) {
          throw new Error(`test failed at ${operation.path}`);
        }
        break;
      default:
        throw new Error(`unknown operation ${operation.op}`);
    }
  }
  return changed;
};
