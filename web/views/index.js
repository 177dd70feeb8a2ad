// The registry of game views: one entry per game id, loaded on demand.
export const VIEWS = {
  cover: () => import("./cover.js"),
  twenty: () => import("./cover.js"), // the cover view draws several copies of a board
  workshop: () => import("./workshop.js"),
};
