// The engine's head start: the first module the page runs (index.html) starts the puzzle engine's
// worker at once, in the language the page is about to choose, while the page's other modules load
// (on a return visit the engine was started some 0.3 s after the page was asked for: now at once).
// The shell adopts that engine (engine/core.js, takeEarly), or ends it where the page chose
// otherwise after all.
import { PROTOCOL } from "./config.js";
import { offlineWanted, startEarly } from "./engine/core.js";
import { loadLanguage } from "./model/storage.js";
import { chooseLanguage } from "./ui/i18n.js";

startEarly(chooseLanguage(loadLanguage()), PROTOCOL, offlineWanted());
