// The registry of game views: one entry per game id, loaded on demand. No prototype, so
// that a link naming a game "constructor" or "__proto__" finds nothing here.
export const VIEWS = Object.assign(Object.create(null), {
  cover: () => import("./cover.js"),
  twenty: () => import("./cover.js"), // the cover view draws several copies of a board
  pegs: () => import("./pegs.js"),
  gandagalo: () => import("./gandagalo.js"),
  lastfit: () => import("./cover.js"), // the cover view, with players and pieces that stay
  tangram: () => import("./tangram.js"),
  workshop: () => import("./workshop.js"),
  boxes: () => import("./boxes.js"),
  boxshop: () => import("./box_workshop.js"),
});
