// The types of config.js, which build.py writes into dist/web/ (what this build is made of).
export const BUILD: string;
export const WHEEL: string;
/** The core's bytecode (__pycache__ files to unpack beside the wheel's sources), or null. */
export const BYTECODE: string | null;
export const PYODIDE_VERSION: string;
/** The protocol the page speaks (pento_core.protocol.PROTOCOL): the engine's hello must say the same. */
export const PROTOCOL: import("./protocol").Protocol;
export const ASSETS: string[];
export const SIZES: Record<string, number>;
export const LANGUAGES: string[];
export const LANGUAGE_NAMES: Record<string, string>;
