// The types of config.js, which build.py writes into dist/web/ (what this build is made of).
export const BUILD: string;
/** The core as the page installs it: a zip to unpack into site-packages (build.py's core_name). */
export const CORE: string;
/** The files the engine fetches packed, from NAME.xz (build.py's PACKED_RUNTIME and the core). */
export const PACKED: string[];
/** The core's data files shipped apart (pento_core.resources.APART), each fetched from NAME.xz the first time it is read. */
export const APART: string[];
export const PYODIDE_VERSION: string;
/** Pyodide's lock file as build.py trims it (no packages), given to loadPyodide instead of fetched. */
export const PYODIDE_LOCK: { info: Record<string, string>; packages: Record<string, never> };
/** The protocol the page speaks (pento_core.protocol.PROTOCOL): the engine's hello must say the same. */
export const PROTOCOL: import("./protocol").Protocol;
export const ASSETS: string[];
export const SIZES: Record<string, number>;
/** The SHA-256 (hex) of what each packed file unpacks to (PACKED's names). */
export const UNPACKED_SHA256: Record<string, string>;
export const LANGUAGES: string[];
export const LANGUAGE_NAMES: Record<string, string>;
