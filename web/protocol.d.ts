// Written by build.py from pento_core/protocol.py: do not edit here, edit the core and build.
// The page's types of everything the core sends (pento_core.api's replies, its error codes);
// each command's reply is Replies[command]. What a game's view holds beyond GameView is the
// view's own (views.d.ts).

/** The protocol's version: the page checks the engine's hello against it. */
export type Protocol = 4;

/** Every error code the core replies with. */
export type ErrorCode = "bad_request" | "unknown_command" | "unknown_game" | "too_large" | "invalid" | "parse" | "unknown_piece" | "impossible" | "illegal_move" | "bad_code" | "stopped" | "resource" | "internal";

/** The codes the page's client gives its own errors. */
export type PageErrorCode = "cancelled" | "crashed" | "load_failed" | "outdated" | "damaged_copy" | "download_failed" | "no_solution";

/** How a printed sheet draws a game. */
export type PrintStyle = "" | "tiles" | "layers" | "marks" | "holes" | "outline";

/** What a hint found. */
export type HintKind = "place" | "blocked" | "solved" | "unknown";

/** Each command's reply. */
export interface Replies {
  hello: Hello;
  new: Opened;
  load: Opened;
  daily: DailyOpened;
  move: Snapshot;
  hint: Hint;
  solve: Solution;
  describe: Described;
  solutions: Listing;
  race: RaceMade;
  race_name: RaceName;
  race_code: Code;
  race_results: RaceResults;
  assignment: AssignmentMade;
  assignment_code: AssignmentCode;
  assignment_results: AssignmentResults;
  results_csv: ResultsCsv;
  qr: QrRows;
}

/** A command of the core. */
export type Command = keyof Replies;

/** A pupil's code to show as text (read out: at most 40 characters, format 2 or 3) and the `proof` carrying every solution (format 2; the same code where it is short enough), for the QR code. */
export interface AssignmentCode {
  code: string;
  proof: string;
}

export interface AssignmentMade {
  assignment: AssignmentEntry;
}

export interface AssignmentResults {
  rows: ResultRow[];
}

export interface Code {
  code: string;
}

export interface DailyOpened {
  desc: string;
  state: string;
  view: GameView;
  picture: string[];
  info: { [key: string]: any };
  daily: DailyAbout;
}

export interface Described {
  lines: string[];
}

/** What a refused request answers instead of a result. */
export interface ErrorReply {
  code: ErrorCode;
  message: string;
}

export interface Hello {
  protocol: number;
  version: string;
  language: string;
  games: GameEntry[];
}

/** `kind`: `place` (`move` leads to a solution), `blocked` (the position cannot be completed; `cells` show what stands in the way), `solved`, or `unknown` (the budget ran out). */
export interface Hint {
  kind: HintKind;
  message: string;
  move: string | null;
  cells: number[][];
  copy: number;
  labels: ([number, number, string])[];
}

/** The end of a `solutions` listing (the solutions themselves stream in its progress). */
export interface Listing {
  count: number;
  complete: boolean;
  elapsed: number;
  new: string[];
  symmetries: number;
}

/** A puzzle opened (`new`, `load`): its position and what the game says of the puzzle. */
export interface Opened {
  desc: string;
  state: string;
  view: GameView;
  picture: string[];
  info: { [key: string]: any };
}

/** Progress of a long request: `nodes` counted in `unit`; a listing's `new` solutions. */
export interface Progress {
  nodes: number;
  solutions: number;
  elapsed: number;
  unit?: string;
  new?: string[];
}

export interface QrRows {
  rows: string[];
}

export interface RaceMade {
  race: string;
}

export interface RaceName {
  name: string;
}

export interface RaceResults {
  entries: RaceEntry[];
}

/** An assignment's results as the text of a CSV file (:mod:`pento_core.classroom.spreadsheet`). */
export interface ResultsCsv {
  text: string;
}

/** A position: `move` answers this; `new`, `load` and `daily` add the puzzle's info. */
export interface Snapshot {
  desc: string;
  state: string;
  view: GameView;
  picture: string[];
}

/** `moves` to play from the current position (after clearing it when `from_empty`); `found` is False when there is no solution or the budget ran out. */
export interface Solution {
  found: boolean;
  message: string;
  moves: string[];
  from_empty: boolean;
}

export interface AssignmentEntry {
  id: string;
  title: string;
  help: boolean;
  items: ItemEntry[];
  roster?: string[];
}

/** Which day's puzzle: its UTC date, its level (1 on Monday to 7 on Sunday), the params New makes more of, its link. */
export interface DailyAbout {
  date: string;
  level: number;
  params: string;
  link: string;
}

/** A game as the registry declares it (`hello` and the build's catalog); `view` names the page's module that draws it (web/views/<view>.js). */
export interface GameEntry {
  id: string;
  view: string;
  title: string;
  description: string;
  rules: string;
  features: string[];
  print: PrintStyle;
  titled_by_board: boolean;
  daily: boolean;
  levels: string[];
  presets: PresetEntry[];
  ladders: LadderEntry[];
  forms: FormEntry[];
}

/** What every game's view holds; each game's view adds its own fields. */
export interface GameView {
  complete: boolean;
  summary: string;
  status: StatusEntry;
  counted_moves?: number;
}

/** A race's counted code (`rank` 0 for a refused code, with its `reason`); `mark` and `note` as a ResultRow's. */
export interface RaceEntry {
  code: string;
  rank: number;
  name: string;
  tenths: number;
  reason: string;
  mark: "" | "same" | "alike" | "unseen";
  note: string;
}

/** An assignment's counted code, one row each: never two codes in one (`rank` 0 for a refused code, with its `reason`). `mark`: the name could be taken for another row's (`same`, `alike`) or has characters that cannot be seen (`unseen`); `note` says so in words. */
export interface ResultRow {
  code: string;
  rank: number;
  name: string;
  solved: number;
  tenths: number;
  work: ItemWork[];
  reason: string;
  mark: "" | "same" | "alike" | "unseen";
  note: string;
  at: number;
  absent: boolean;
}

/** Parameters chosen on the start screen: `template` with each {name} replaced by its field. */
export interface FormEntry {
  label: string;
  template: string;
  fields: FieldEntry[];
}

export interface ItemEntry {
  game: string;
  desc: string;
}

/** One puzzle's work in a checked code. */
export interface ItemWork {
  solved: boolean;
  tenths: number;
  hints: number;
  solves: number;
  proved: boolean;
}

/** A ladder of levels from easy to hard: level n is `new(f"{params}:{n}")`. */
export interface LadderEntry {
  label: string;
  params: string;
  size: number;
}

/** A named choice of parameters on the start screen (games/base.py's Preset); the build's catalog adds each preset's picture. */
export interface PresetEntry {
  label: string;
  params: string;
  picture?: string[];
}

/** Where a position stands (games/base.py's Status). */
export interface StatusEntry {
  state: "playing" | "solved" | "lost";
  reason: string;
}

/** One input of a form: a number between `low` and `high`, one of `options` (read as `option_labels`), or free text. */
export interface FieldEntry {
  name: string;
  label: string;
  default: string;
  low: number | null;
  high: number | null;
  options: string[];
  option_labels: string[];
}
