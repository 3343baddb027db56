// A few helpers to build DOM nodes without HTML strings (nothing is ever parsed as
// HTML, so names and messages from the server cannot inject markup).

/** h('button', {class, testid, dataset, onclick...}, ...children); null/false props are left out. */
export function h(tag, props = null, ...children) {
  const el = document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'class') el.className = value;
      else if (key === 'testid') el.dataset.testid = value;
      else if (key === 'dataset') Object.assign(el.dataset, value);
      else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else if (['value', 'checked', 'disabled', 'hidden', 'selected'].includes(key)) el[key] = value;
      else el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

/** Appends children: nodes, strings (as text), arrays of them; null and false are skipped. */
export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Replaces all children of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Sets text only when it changed (no needless layout work on each clock tick). */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
