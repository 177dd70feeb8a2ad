// The DOM helpers the shell and the views share. Text goes in through properties such as
// textContent, never as markup.

/** A new element ``tag`` with ``props`` assigned and ``children`` appended. */
export function el(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * Show a result ``code`` (groups of five joined by dashes) in ``node``: a line may break after a
 * dash, never inside a group, and a copied selection is the code as written (the breaks are <wbr>).
 * @param {HTMLElement} node
 * @param {string} code
 */
export function showCodeText(node, code) {
  const parts = code.split("-");
  node.replaceChildren(...parts.flatMap((group, i) => (i ? ["-", document.createElement("wbr"), group] : [group])));
}

/** A plain button: ``text`` on it, ``title`` as its tooltip, ``onClick`` when pressed. */
export function button(text, title, onClick) {
  const b = el("button", { type: "button", textContent: text, title });
  b.addEventListener("click", onClick);
  return b;
}

/**
 * Keep ``dialog`` from taking the click of a press that began before it opened.  A press can open
 * a dialog: the drop that finishes a puzzle opens "Well done!" while the finger or the mouse button
 * is still down, and the click that ends that press would then choose whatever button appeared
 * under it (a new puzzle, unseen).  Such a click is dropped; clicks from the keyboard (no press,
 * ``detail`` 0) and every later press count as ever.
 * @param {HTMLDialogElement} dialog
 */
export function ignoreClicksFromBefore(dialog) {
  let pressed = -Infinity;
  let opened = -Infinity;
  document.addEventListener("pointerdown", (e) => (pressed = e.timeStamp), true);
  new MutationObserver(() => {
    if (dialog.open) opened = performance.now();
  }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  dialog.addEventListener(
    "click",
    (e) => {
      if (e.detail > 0 && pressed < opened) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    },
    true,
  );
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
 * @returns {K extends keyof import("../elements").PageElements ? import("../elements").PageElements[K] : HTMLElement}
 */
export function byId(id) {
  return /** @type {any} */ (document.getElementById(id));
}
