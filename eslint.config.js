// eslint over the page's plain ES modules (`python3 build.py test` runs it with --max-warnings 0).
// Besides eslint's recommended rules, one rule of Pento's own: no text a player reads may bypass
// translation (pento/translated-text).
import js from "@eslint/js";
import globals from "globals";

/** Properties and attributes whose text a player reads or a screen reader speaks. */
const SHOWN = new Set(["textContent", "innerText", "title", "placeholder", "ariaLabel", "alt", "aria-label", "label"]);
/** Calls whose first text argument is shown: the shell's status line and text() helper. */
const SHOWING_CALLS = new Map([
  ["status", 0],
  ["text", 1],
  ["setAttribute", 1],
  ["showPosition", 1],
  ["showFrame", 1],
]);
/** What looks like words: two letters in a row (a lone letter is a piece's name or a key). */
const WORDS = /[A-Za-z]{2,}/;
/** The functions that translate: text inside them is a message, not a bypass. */
const TRANSLATORS = new Set(["t", "tn", "N_"]);

/** The text of a string literal or a template literal (its fixed parts), or null. */
function textOf(node) {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral") return node.quasis.map((q) => q.value.cooked).join(" ");
  return null;
}

/** The string and template literals a value shown to a player is made of (through + and ?:). */
function parts(node) {
  if (!node) return [];
  if (node.type === "BinaryExpression" && node.operator === "+") return [...parts(node.left), ...parts(node.right)];
  if (node.type === "ConditionalExpression") return [...parts(node.consequent), ...parts(node.alternate)];
  if (node.type === "LogicalExpression") return [...parts(node.left), ...parts(node.right)];
  return textOf(node) === null ? [] : [node];
}

const translatedText = {
  meta: {
    type: "problem",
    docs: { description: "text a player reads goes through t(), tn() or N_() (web/ui/i18n.js)" },
    messages: { raw: "Text shown to a player must be translated: wrap {{text}} in t() (web/ui/i18n.js)." },
    schema: [],
  },
  create(context) {
    function check(value, attribute = null) {
      if (attribute !== null && !SHOWN.has(attribute)) return;
      for (const node of parts(value)) {
        const text = textOf(node);
        if (text && WORDS.test(text)) context.report({ node, messageId: "raw", data: { text: JSON.stringify(text.slice(0, 40)) } });
      }
    }
    const nameOf = (key) => (key.type === "Identifier" ? key.name : key.type === "Literal" ? String(key.value) : null);
    return {
      AssignmentExpression(node) {
        if (node.left.type === "MemberExpression" && !node.left.computed) check(node.right, node.left.property.name);
      },
      Property(node) {
        const key = nameOf(node.key);
        const call = node.parent && node.parent.parent;
        // el("tag", {textContent: ...}) and Object.assign(node, {title: ...})
        if (key && call && call.type === "CallExpression") check(node.value, key);
      },
      CallExpression(node) {
        const callee = node.callee.type === "MemberExpression" ? node.callee.property.name : node.callee.name;
        if (TRANSLATORS.has(callee)) return;
        // el("label", {...}, [box, " Show mistakes"]): the children's text is shown
        if (callee === "el" && node.arguments[2] && node.arguments[2].type === "ArrayExpression") {
          for (const child of node.arguments[2].elements) check(child);
        }
        const at = SHOWING_CALLS.get(callee);
        if (at === undefined || node.arguments.length <= at) return;
        if (callee === "setAttribute") {
          const attr = textOf(node.arguments[0]);
          if (attr && SHOWN.has(attr)) check(node.arguments[1]);
          return;
        }
        check(node.arguments[at]);
      },
    };
  },
};

export default [
  js.configs.recommended,
  {
    files: ["web/**/*.js", "docs/template/**/*.js", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    plugins: { pento: { rules: { "translated-text": translatedText } } },
    rules: {
      "pento/translated-text": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["tests/js/**/*.mjs", "tests/support/**/*.mjs", "scripts/**/*.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["web/engine/worker.js", "web/sw.js", "web/ui/scan_worker.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
];
