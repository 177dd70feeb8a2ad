// The page's state, one object shared by the shell's parts (a module's `let` cannot be assigned from
// another module, an object's fields can).

/**
 * A game in play: its save's fields, and what the core last said of its position.
 * @typedef {object} Session
 * @property {string} id
 * @property {string} game
 * @property {string} desc
 * @property {string[]} history states, oldest first
 * @property {number} at the index of the current state in history
 * @property {number} elapsed seconds played before clockStart
 * @property {boolean} solved
 * @property {boolean} assisted the solver finished it
 * @property {string} params
 * @property {number} moves
 * @property {any} [race] {id, name, started, tenths?, code?, proof?} in a class race
 * @property {{id: string, index: number, help: boolean}} [assignment] a puzzle of an assignment (its id, its place in it)
 * @property {string} [daily] the UTC date (YYYY-MM-DD) when this is that day's puzzle of the day
 * @property {number} [hints] hints asked in this game
 * @property {any} [info]
 * @property {import("../protocol").GameView} [view]
 * @property {string[]} [picture]
 * @property {number} [abandoned]
 * @property {string} [stamp] which tab's which write of the save this tab last read or wrote
 */

export const app = {
  /** @type {import("../engine/core.js").Core} */
  core: /** @type {any} */ (null),
  /** @type {Session | null} */
  session: null,
  /** The game's view (views/<game>.js): render, showHint, layout, destroy. @type {any} */
  gameView: null,
  /** performance.now() when the clock last started; null while it stands. @type {number | null} */
  clockStart: null,
  /** The solver's moves being played out. @type {{stopped: boolean} | null} */
  animation: null,
  /** A replay being shown (the mid-end's): stop asks it to end. @type {{stop: boolean} | null} */
  replaying: null,
  /** Bumps on every navigation: a slow open that is no longer wanted is dropped. */
  opening: 0,
  /** How far the engine's download is. */
  loading: { loaded: 0, total: 1, phase: "download" },
  /** Whether the player was told that this game cannot be saved. */
  saveWarned: false,
  /** Whether a view's editor hides the game (its buttons and clock rest meanwhile). */
  editing: false,
  /** The link that was being opened when the engine could not start ("" if none): Try again opens
   * it once the engine is up, as the player asked for it. */
  linkWhenFailed: "",
  /** The school platform's report (scorm.js), when launched from a SCORM package with a platform around. @type {import("../model/scorm.js").ScormReport | null} */
  scorm: null,
};
