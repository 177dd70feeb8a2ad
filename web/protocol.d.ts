// The one protocol between the page and the worker (pento_core.api), typed once. Every view's
// JSON extends GameView; the worker's messages are WorkerMessage.

/** A named choice of parameters on the start screen (games/base.py's Preset). */
export interface Preset {
  label: string;
  params: string;
  picture?: string[];
}

/** One input of a Form: a number between low and high, one of options, or free text. */
export interface FormField {
  name: string;
  label: string;
  default: string;
  low: number | null;
  high: number | null;
  options: string[];
  /** what a player reads for each option, in the page's language once localised */
  option_labels: string[];
}

/** Parameters chosen on the start screen: template with {name} replaced by each field. */
export interface Form {
  label: string;
  template: string;
  fields: FormField[];
}

/** A game as the registry declares it (the hello command and the build's catalog). */
export interface GameEntry {
  id: string;
  title: string;
  description: string;
  rules: string;
  features: string[];
  presets: Preset[];
  forms: Form[];
  /** How a printed sheet draws this game (games/base.py's PrintStyle); "" for a game not printed. */
  print: "" | "tiles" | "layers" | "marks" | "holes" | "outline";
  /** Its page title names the board ("Pentomino cover: 6 x 10"), or only the game. */
  titled_by_board: boolean;
  /** It has a puzzle of the day (pento_core/daily.py): the daily command makes it. */
  daily: boolean;
  /** The params of a new puzzle at each of its levels, easiest first (its puzzles of the day's). */
  levels: string[];
  /** Its ladders of levels (games/base.py's Ladder): level n is new(`${params}:${n}`). */
  ladders: Ladder[];
}

/** A ladder of levels from easy to hard (games/base.py's Ladder). */
export interface Ladder {
  label: string;
  params: string;
  size: number;
}

/** Where a puzzle stands on its ladder (a level's info.ladder): the next level's params, or null at the top. */
export interface LadderPlace {
  params: string;
  level: number;
  size: number;
  next: string | null;
}

/** The typed status every position has (games/base.py's Status). */
export interface Status {
  state: "playing" | "solved" | "lost";
  reason: string;
}

/** What every view's JSON holds; each game's view adds its own fields (below). */
export interface GameView {
  complete: boolean;
  summary: string;
  status: Status;
  /** the moves made, counted the game's way (a peg's chain of jumps is one move); without it the
   * shell counts the moves of the line played (undone ones are not counted) */
  counted_moves?: number;
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

/** A position as the core sends it: new, load and move. */
export interface Snapshot {
  desc: string;
  state: string;
  view: GameView;
  picture: string[];
  info?: { [field: string]: any };
  /** The daily command's answer: the puzzle's UTC date, its level (1 on Monday to 7 on Sunday), the params New makes more of, its link. */
  daily?: { date: string; level: number; params: string; link: string };
}

/** A hint (games/base.py's Hint). */
export interface Hint {
  kind: "place" | "blocked" | "solved" | "unknown";
  message: string;
  move: string | null;
  /** [row, col], or [layer, row, col] in a box */
  cells: number[][];
  copy: number;
  labels: [number, number, string][];
}

/** A solution (games/base.py's Solution). */
export interface Solution {
  found: boolean;
  message: string;
  moves: string[];
  from_empty: boolean;
}

/** Progress of a long request. */
export interface Progress {
  nodes: number;
  solutions: number;
  elapsed: number;
  unit?: string;
  new?: string[];
  /** a listing shared out (Core.spread): the engines working on it now */
  engines?: number;
}

/** What the page posts to the worker. */
export type Request = { id: number; cmd: string; args: { [name: string]: unknown } } | { ping: true };

/** What the worker posts to the page. */
export type WorkerMessage =
  | { type: "loading"; loaded: number; total: number; phase: string }
  | {
      type: "ready";
      hello: { protocol: number; version: string; language: string; games: GameEntry[] };
      /** How the core's modules were loaded: how many, and how many were compiled from source. */
      boot: { modules: number; compiled: number };
    }
  | { type: "fatal"; message: string }
  | { type: "pong" }
  | { type: "progress"; id: number; progress: Progress }
  | { type: "response"; id: number; ok: true; result: any }
  | { type: "response"; id: number; ok: false; error: { code: string; message: string } };
