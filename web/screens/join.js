// The pupil's way into a live lesson (issue 48, a class server: docs/class-server.md): the lesson's
// PIN, then a name (picked from the class list where the lesson has one), then the assignment,
// played as any assignment is; its work goes to the teacher as it happens (play/live.js).
import { byId, el } from "../ui/dom.js";
import { t } from "../ui/i18n.js";
import { leaveGame, showScreen } from "../play/midend.js";
import { status, text } from "../play/page.js";
import { noServer, startLive, toServer } from "../play/live.js";
import { updateAssignment } from "../model/storage.js";

const $ = byId;
/** The value of the "type my name" choice in the class list's menu (a name holds no line break). */
const TYPED = "\n";

/** The class server's reply to ``path`` (its JSON), or an Error whose message a pupil can read. */
async function ask(path, body, token = "") {
  const reply = await toServer(path, { token, body: body || undefined });
  if (!reply) throw new Error(noServer());
  if (reply.status === 404) throw new Error(t("No lesson has this PIN. Check it with your teacher."));
  if (reply.status === 429) throw new Error(t("Too many tries. Wait a minute, then try again."));
  if (!reply.ok) throw new Error(t("The lesson's server said no ({status}). Ask your teacher.", { status: reply.status }));
  return reply.json();
}

function showError(message) {
  text($("join-error"), message);
  $("join-error").hidden = !message;
}

/**
 * The join screen, its PIN typed in already when the address gave it (``#join:123456``).
 * ``open(assignment)`` plays the lesson's assignment once the pupil has joined.
 * @param {{pin?: string, open: (assignment: any) => void}} options
 */
export function openJoin({ pin = "", open }) {
  leaveGame();
  showScreen("join");
  text($("game-title"), "");
  document.title = t("Join a lesson — Pento");
  showError("");
  status("");
  const pinForm = /** @type {HTMLFormElement} */ ($("join-pin-form"));
  const nameForm = /** @type {HTMLFormElement} */ ($("join-name-form"));
  const pinInput = /** @type {HTMLInputElement} */ ($("join-pin"));
  const pick = /** @type {HTMLSelectElement} */ ($("join-pick"));
  const typed = /** @type {HTMLInputElement} */ ($("join-name"));
  pinForm.hidden = false;
  nameForm.hidden = true;
  pinInput.value = /^\d{6}$/.test(pin) ? pin : "";
  let lessonPin = "";
  pinForm.onsubmit = async (event) => {
    event.preventDefault();
    const value = pinInput.value.replace(/\s/g, "");
    if (!/^\d{6}$/.test(value)) return showError(t("A PIN has 6 digits."));
    showError("");
    try {
      const { title, roster } = await ask("api/lookup", { pin: value });
      lessonPin = value;
      text($("join-lesson"), title ? t("Lesson: {title}", { title }) : t("You found the lesson."));
      pick.replaceChildren(
        el("option", { value: "", textContent: t("Choose your name") }),
        ...roster.map((/** @type {string} */ name) => el("option", { value: name, textContent: name })),
        el("option", { value: TYPED, textContent: t("My name is not on the list") }),
      );
      $("join-pick-label").hidden = !roster.length;
      const showTyped = () => ($("join-name-label").hidden = roster.length > 0 && pick.value !== TYPED);
      pick.onchange = showTyped;
      showTyped();
      pinForm.hidden = true;
      nameForm.hidden = false;
      (roster.length ? pick : typed).focus();
    } catch (err) {
      showError(String(/** @type {Error} */ (err).message));
    }
  };
  nameForm.onsubmit = async (event) => {
    event.preventDefault();
    const name = (!$("join-pick-label").hidden && pick.value !== TYPED ? pick.value : typed.value).trim();
    if (!name) return showError(t("Type your name first."));
    showError("");
    try {
      const { pupil_token: token } = await ask("api/join", { pin: lessonPin, name });
      const lesson = await ask("api/lesson", null, token);
      startLive(lesson.assignment.id, token, lesson.name);
      updateAssignment(lesson.assignment, (record) => (record.name = lesson.name)); // the name the lesson knows
      open(lesson.assignment);
    } catch (err) {
      showError(String(/** @type {Error} */ (err).message));
    }
  };
  if (pinInput.value) pinForm.requestSubmit();
  else pinInput.focus();
}
