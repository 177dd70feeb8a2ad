// The messages between the page's engine client (engine/core.js) and its worker (engine/worker.js):
// a request for the core (pento_core.api) in, its reply, progress and the worker's own news out.
import type { ErrorReply, Hello, Progress, Replies } from "./protocol";

/** What the page posts to the worker. */
export type Request = { id: number; cmd: string; args: { [name: string]: unknown } } | { ping: true };

/** What the worker posts to the page. */
export type WorkerMessage =
  | { type: "loading"; loaded: number; total: number; phase: string }
  | {
      type: "ready";
      hello: Hello;
      /** How the engine started: the core's modules (how many, how many compiled from source),
       * whether from its memory snapshot, how many packed files from unpacked copies, and on a full
       * boot how many of the core's dataclasses found their methods compiled by the build (null
       * when restored, or where the build had no Node). */
      boot: {
        modules: number;
        compiled: number;
        restored: boolean;
        copies: number;
        /** Where the core's bytes came from: an earlier start's unpacked copy, the worker that
         * unpacks it apart from the engine (unpack_worker.js), or the engine's own download. */
        core: "copy" | "apart" | "here";
        dataclasses: { precompiled: number; compiled: number } | null;
      };
    }
  /** The engine could not start: the error, and why where the worker can tell: a file an earlier
   * start kept on this device was damaged (its copies are forgotten then: a retry downloads them
   * afresh), or a download failed or came cut short. */
  | { type: "fatal"; message: string; why: "damaged" | "download" | "other" }
  /** A full boot's memory snapshot stored, once the engine had nothing to do (every game's module
   * imported by then), after it answered ``after`` requests; the rest as "ready"'s boot report. */
  | { type: "kept"; after: number; modules: number; compiled: number; dataclasses: { precompiled: number; compiled: number } | null }
  | { type: "pong" }
  | { type: "progress"; id: number; progress: Progress }
  | { type: "response"; id: number; ok: true; result: Replies[keyof Replies] }
  | { type: "response"; id: number; ok: false; error: ErrorReply };
