// What each game's view holds beyond GameView (pento_core/protocol.py, web/protocol.d.ts): the
// JSON each game's backend sends its view (games/<game>.py's view()), typed here for the views.
import type { GameView } from "./protocol";

/** Where a puzzle stands on its ladder (a level's info.ladder): the next level's params, or null at the top. */
export interface LadderPlace {
  params: string;
  level: number;
  size: number;
  next: string | null;
}

/** A piece on a board (games/pieces_view.py's placement_json). */
export interface PlacedPiece {
  piece: string;
  orientation: number;
  row: number;
  col: number;
  copy?: number;
  cells: [number, number][];
  text: string;
  /** Last Fit: the player (in turn order) who placed it */
  player?: number;
  /** a level's own piece: part of the puzzle, it cannot be moved */
  locked?: boolean;
}

/** The cover game's view; the Game of 20 adds its copies, Last Fit its turns. */
export interface CoverView extends GameView {
  placements: PlacedPiece[];
  available: { [piece: string]: number };
  covered: number;
  area: number;
  copies?: { covered: number; complete: boolean }[];
  turn?: number;
  legal?: number;
  moves?: string[];
  won?: boolean | null;
}

/** Peg solitaire's view. */
export interface PegsView extends GameView {
  pegs: [number, number][];
  moves: [number, number, number, number][];
  left: number;
  jumps: number;
  counted_moves: number;
  lost: boolean;
}

/** GandaGalo's view. */
export interface GandaGaloView extends GameView {
  marks: string[];
  since_anchor: [number, number][];
  anchors: number;
  broken: [number, number][];
  wrong: [number, number][];
  filled: number;
  free: number;
}

/** The tangram's view. */
export interface TangramView extends GameView {
  /** each tan where it lies (null in the tray): its placed text, its corner and its corners */
  tans: ({ text: string; at: [number, number]; points: [number, number][] } | null)[];
  placed: number;
  progress: number | null;
  made: string;
  reason: string;
}

/** The workshop's view. */
export interface WorkshopView extends GameView {
  rows: number;
  cols: number;
  grid: string[];
  pieces: any[];
  one_sided: boolean;
  allow_unused: boolean;
  /** "" for a flat board, "cylinder" or "torus" (its sides joined) */
  wrap: string;
  area: number;
  piece_area: number;
  puzzle: string | null;
  text: string | null;
  reason: string | null;
  placements: number;
  warning: string | null;
}

/** A block in a box (games/boxes.py): piece, orientation, least corner, cells (layer, row, col). */
export interface PlacedBlock {
  piece: string;
  orientation: number;
  at: [number, number, number];
  cells: [number, number, number][];
  text: string;
}

/** Pentacube boxes' view. */
export interface BoxesView extends GameView {
  placements: PlacedBlock[];
  available: { [piece: string]: number };
  filled: number;
  volume: number;
}

