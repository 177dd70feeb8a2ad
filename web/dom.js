// The one DOM helper the shell and the views share. Text goes in through properties such as
// textContent, never as markup.

/** A new element ``tag`` with ``props`` assigned and ``children`` appended. */
export function el(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A plain button: ``text`` on it, ``title`` as its tooltip, ``onClick`` when pressed. */
export function button(text, title, onClick) {
  const b = el("button", { type: "button", textContent: text, title });
  b.addEventListener("click", onClick);
  return b;
}
