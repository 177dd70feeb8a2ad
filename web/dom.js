// The DOM helpers the shell and the views share. Text goes in through properties such as
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

/** Hand ``blob`` to the browser as a file called ``name`` (the download the player sees). */
export function saveFile(blob, name) {
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000); // the download has its copy by then
}

/**
 * The page's element with id ``id``, typed by its tag where elements.d.ts lists it (a dialog, an
 * input, a button...).
 * @template {string} K
 * @param {K} id
 * @returns {K extends keyof import("./elements").PageElements ? import("./elements").PageElements[K] : HTMLElement}
 */
export function byId(id) {
  return /** @type {any} */ (document.getElementById(id));
}
