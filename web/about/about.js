// The short pages show one of their three languages: ?lang= in the link, else the one chosen in
// Pento on this device, else the browser's; and the theme chosen in Pento (or the system's).
const LANGS = ["en", "pt", "de"];

function chosen(key, allowed) {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value) ? value : null;
  } catch {
    return null; // storage blocked: the link and the browser decide
  }
}

const asked = new URLSearchParams(location.search).get("lang");
const browser = (navigator.languages || [navigator.language || "en"]).map((l) => String(l).slice(0, 2)).find((l) => LANGS.includes(l));
const lang = LANGS.includes(asked) ? asked : chosen("pento.language", LANGS) || browser || "en";
for (const article of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("article[lang]"))) article.hidden = article.lang !== lang;
document.documentElement.lang = lang;
const shown = document.querySelector(`article[lang="${lang}"] h1`);
if (shown) document.title = [shown.textContent, "Pento"].join(" — "); // the heading is already in the page's language
for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("a[data-lang]"))) if (link.dataset.lang === lang) link.setAttribute("aria-current", "true");

const theme = chosen("pento.theme", ["light", "dark", "system"]) || "system";
const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
document.documentElement.dataset.theme = dark ? "dark" : "light";
