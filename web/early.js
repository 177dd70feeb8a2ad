// The engine's head start: the first module the page runs (index.html: async, its imports preloaded,
// so it runs as soon as they arrive, before the page is parsed and styled) starts the puzzle engine's
// worker in the language the page is about to choose, while the page's other modules load.
// The shell adopts that engine (engine/core.js, takeEarly), or ends it where the page chose
// otherwise after all.
import { PROTOCOL } from "./config.js";
import { offlineWanted, startEarly } from "./engine/core.js";
import { loadLanguage } from "./model/storage.js";
import { chooseLanguage } from "./ui/i18n.js";

startEarly(chooseLanguage(loadLanguage()), PROTOCOL, offlineWanted());
