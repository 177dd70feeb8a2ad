// The page in the player's language. Messages are written in English in the
// source, with {named} placeholders, and looked up in the gettext catalogues
// (web/locale/<lang>.po for the page, pento_core/locale/<lang>.po for the
// core's titles, rules and presets), which build.py turns into
// web/locale/<lang>.js. The same catalogues translate the core's own messages
// in the worker, so the page and the engine always speak one language.
//
// Which language: ?lang= in the link, else the one chosen on this device, else
// the browser's first supported language, else English. Switching reloads
// the page (the game in progress is saved and kept in the link).
import { LANGUAGE_NAMES, LANGUAGES } from "../config.js";
import { el } from "./dom.js";

let current = "en";
let messages = {};

/** The supported language for a BCP 47 tag ("pt-BR" → "pt"), or null. */
export function supported(tag) {
  const primary = String(tag || "").trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(primary) ? primary : null;
}

/** The language asked for by the link (?lang=), if it is one we have. */
export function linkLanguage() {
  return supported(new URLSearchParams(location.search).get("lang"));
}

/** The language to use, in order: the link, this device's choice (``saved``), the browser, English. */
export function chooseLanguage(saved) {
  const browser = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language])
    .map(supported)
    .find(Boolean);
  return linkLanguage() || supported(saved) || browser || "en";
}

/** Load the catalogue of `lang` (English needs none). */
export async function setLanguage(lang) {
  current = supported(lang) || "en";
  messages = {};
  if (current !== "en") {
    try {
      messages = (await import(`../locale/${current}.js`)).MESSAGES;
    } catch {
      current = "en"; // a missing catalogue: English, rather than no page at all
    }
  }
  document.documentElement.lang = current;
  return current;
}

export const language = () => current;

/** @type {Map<string, Intl.NumberFormat>} one formatter per language and number of decimals */
const numberFormats = new Map();

/** `value` written the way the current language writes numbers, with `digits` decimals. */
export function formatNumber(value, digits = 0) {
  // a formatter is slow to make (toLocaleString makes one at every call: the start screen writes
  // hundreds of numbers), and quick to use
  const key = `${current}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(current, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** `message` itself: marks text translated later, where it is shown (module constants, read before the language is known). */
export const N_ = (message) => message;

function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole)) : text;
}

/** `message` in the current language, {name} filled in from `values`. */
export function t(message, values = null) {
  const found = messages[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

/** The form of `singular` / `plural` for the number `n` ({n} filled in, written the language's way
 * as pento_core.i18n.ntr writes it: 4,988 in English, 4.988 in Portuguese; and `values`). */
export function tn(singular, plural, n, values = {}) {
  const forms = messages[singular];
  const index = n === 1 ? 0 : 1; // every language here: one, and any other number (pento_core.i18n.PLURALS)
  const form = Array.isArray(forms) && forms[index] ? forms[index] : [singular, plural][index];
  return fill(form, { n: formatNumber(n), ...values });
}

// The page's fixed text is written in English in index.html: every text node and
// these attributes are looked up as they are (trimmed), once, when the page starts.
const ATTRIBUTES = ["title", "aria-label", "placeholder", "content"];

/** Translate the fixed text of `root` (index.html's elements) in place. */
export function translateDocument(root = document) {
  if (current === "en") return;
  const walker = document.createTreeWalker(root.body || root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && typeof messages[text] === "string" && messages[text]) {
      node.nodeValue = node.nodeValue.replace(text, messages[text]);
    }
  }
  for (const el of (root.body || root).querySelectorAll("[title],[aria-label],[placeholder]")) {
    for (const name of ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value && typeof messages[value] === "string" && messages[value]) el.setAttribute(name, messages[value]);
    }
  }
  document.title = t(document.title);
  const description = document.querySelector('meta[name="description"]');
  if (description) description.setAttribute("content", t(description.getAttribute("content")));
}

/**
 * A language menu: a labelled <select>. Choosing remembers the language on this
 * device (``remember``), puts it in the link when the link named one, and reloads the page.
 * @param {{beforeSwitch?: () => void, remember?: (lang: string) => void}} [options]
 */
export function languageMenu({ beforeSwitch = () => {}, remember = () => {} } = {}) {
  const select = el("select", { className: "language-select" });
  for (const lang of LANGUAGES) {
    const option = el("option", { value: lang, textContent: LANGUAGE_NAMES[lang] || lang, lang });
    if (lang === current) option.selected = true;
    select.append(option);
  }
  select.addEventListener("change", () => {
    const lang = supported(select.value);
    if (!lang || lang === current) return;
    beforeSwitch();
    remember(lang);
    const url = new URL(location.href);
    if (url.searchParams.has("lang") && url.searchParams.get("lang") !== lang) {
      url.searchParams.set("lang", lang);
      location.replace(url.href);
    } else {
      location.reload();
    }
  });
  return el("label", { className: "language" }, [t("Language") + " ", select]);
}
