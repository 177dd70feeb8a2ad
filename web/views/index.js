// The game views, loaded on demand: each game's backend names the module that draws it (its
// catalog entry's `view`, pento_core's Game.view_module), so adding a game touches no list here.
// Only a game the catalog has gets a view; the name comes from the build's catalog, never from
// a link.
import { CATALOG } from "../catalog.js";

/**
 * The view module of ``game``, loaded on demand, or null for a game the catalog does not have.
 * @param {string} game
 * @returns {Promise<any> | null}
 */
export function viewOf(game) {
  const entry = CATALOG.games.find((g) => g.id === game);
  return entry ? import(`./${entry.view}.js`) : null;
}
