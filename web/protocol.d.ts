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
  print: "" | "tiles" | "marks" | "holes" | "outline";
  /** Its page title names the board ("Pentomino cover: 6 x 10"), or only the game. */
  titled_by_board: boolean;
}

/** The typed status every position has (games/base.py's Status). */
export interface Status {
  state: "playing" | "solved" | "lost";
  reason: string;
}

/** What every view's JSON holds; each game adds its own fields. */
export interface GameView {
  complete: boolean;
  summary: string;
  status: Status;
  [field: string]: any;
}

/** A position as the core sends it: new, load and move. */
export interface Snapshot {
  desc: string;
  state: string;
  view: GameView;
  picture: string[];
  info?: { [field: string]: any };
}

/** A hint (games/base.py's Hint). */
export interface Hint {
  kind: "place" | "blocked" | "solved" | "unknown";
  message: string;
  move: string | null;
  cells: [number, number][];
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
}

/** What the page posts to the worker. */
export type Request = { id: number; cmd: string; args: { [name: string]: unknown } } | { ping: true };

/** What the worker posts to the page. */
export type WorkerMessage =
  | { type: "loading"; loaded: number; total: number; phase: string }
  | { type: "ready"; hello: { protocol: number; version: string; language: string; games: GameEntry[] } }
  | { type: "fatal"; message: string }
  | { type: "pong" }
  | { type: "progress"; id: number; progress: Progress }
  | { type: "response"; id: number; ok: true; result: any }
  | { type: "response"; id: number; ok: false; error: { code: string; message: string } };
