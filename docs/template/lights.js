// Lights out's view (the template game's: docs/adding-a-game.md). A grid of buttons, one a light;
// it knows no rule: a press is a move the core checks (host.move), and which lights are on comes
// from the core's view. Buttons, not a canvas: every light is a control a keyboard and a screen
// reader reach, at least 44 px on touch. Its colours are the theme's roles (ink(): light, dark, high
// contrast), set from here, so the game needs no rule in the page's style sheet.
import { el } from "../ui/dom.js";
import { N_, t } from "../ui/i18n.js";
import { ink } from "../ui/theme.js";

/** The keys of this view, for the shell's help. */
export const KEYS = [
  [N_("Tab and Shift+Tab"), N_("move between the squares")],
  [N_("Space or Enter"), N_("press the square")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo")],
  ["?", N_("this help")],
];

/**
 * The view of one board: ``info`` is the core's (rows, cols), ``host`` the shell's (move, status).
 * @param {{root: HTMLElement, info: {rows: number, cols: number}, host: any}} options
 */
export function createView({ root, info, host }) {
  const { rows, cols } = info;
  const grid = el("div", { className: "lights-grid", tabIndex: -1 }); // focused first: Tab goes on to the lights
  grid.dataset.board = ""; // the view's board: where the keyboard starts
  Object.assign(grid.style, { display: "grid", gap: "6px", margin: "1rem auto", width: "fit-content" });
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(44px, 72px))`;
  /** @type {HTMLButtonElement[]} */
  const lights = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const light = /** @type {HTMLButtonElement} */ (el("button", { type: "button", className: "lights-square" }));
      Object.assign(light.style, { aspectRatio: "1", minHeight: "44px", borderRadius: "8px" });
      light.setAttribute("aria-label", t("Row {r}, column {c}", { r: r + 1, c: c + 1 }));
      light.addEventListener("click", () => host.move(`${r},${c}`));
      lights.push(light);
    }
  }
  grid.append(...lights);
  root.replaceChildren(grid);

  return {
    /** Draw the core's view: which lights are on. */
    render(view) {
      const on = new Set(view.lit.map(([r, c]) => r * cols + c));
      const colours = ink();
      lights.forEach((light, i) => {
        light.setAttribute("aria-pressed", on.has(i) ? "true" : "false");
        light.style.background = on.has(i) ? colours.namedFill : colours.table;
        light.style.border = `2px solid ${colours.thick}`;
      });
    },
    /** Show a hint: the square it names. */
    showHint(hint) {
      for (const [r, c] of hint.cells) lights[r * cols + c].style.border = `4px solid ${ink().ok}`;
      host.status(hint.message);
    },
    /** Where the board is, for the tests (the shape of the cover view's: rows, cols, cell, boards). */
    layout() {
      const box = grid.getBoundingClientRect();
      const cell = lights[0].getBoundingClientRect();
      return { rows, cols, cell: cell.width, boards: [{ x: box.left, y: box.top }], tray: {} };
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
