// The types of catalog.js, which build.py writes into dist/web/ from pento_core's registry
// (pento_core.catalog): what the start screen shows before the engine has loaded.
import type { GameEntry } from "./protocol";

export const CATALOG: { protocol: number; version: string; language: string; games: GameEntry[] };
