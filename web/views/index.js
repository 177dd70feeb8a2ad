// The registry of game views: one entry per game id, loaded on demand.
export const VIEWS = {
  cover: () => import("./cover.js"),
  workshop: () => import("./workshop.js"),
};
