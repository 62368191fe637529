// errors.js: showing and clearing errors. A message goes to the banner at the top of the page
// and, when it names a setup field (from validation or from the server), also to that field's
// slot in the form, marking the input invalid and focusing it. Editing a field clears its own
// error; the banner's close button clears them all.
import { t, has, language } from "./i18n/i18n.js";

const $ = (id) => document.getElementById(id);

// frameText is what the page says for a server frame's sentence (error, notice, queued, a
// room's): in English the server's own words, exactly; in another language the catalog's
// sentence for the frame's key with its args (go-server.json and the other go-* areas), when the
// catalog has the key; else the server's English, which is better than nothing.
export function frameText(f) {
  if (f.key && language() !== "en" && has(f.key)) return t(f.key, f.args || {});
  return f.message || "";
}

// createErrors(S, { form, kick }): S is the page state (app.js); kick schedules a render.
export function createErrors(S, { form, kick }) {
  function showError(message, field) {
    S.error = message || "";
    $("error-text").textContent = S.error;
    $("error-banner").hidden = !S.error;
    if (S.run && S.error) S.run.error = S.error;
    if (field) {
      const slot = document.querySelector(`[data-error-for="${CSS.escape(field)}"]`);
      if (slot) {
        slot.textContent = message;
        slot.hidden = false;
        // The field may sit in a closed drop-down (options).
        const details = slot.closest("details");
        if (details) details.open = true;
      }
      const input = form.elements.namedItem(field) || document.querySelector(`[data-option="${CSS.escape(field)}"]`);
      if (input && input.setAttribute) {
        input.setAttribute("aria-invalid", "true");
        if (input.focus) input.focus({ preventScroll: true });
      }
    }
    S.redraw();
  }

  function clearErrors() {
    S.error = "";
    $("error-banner").hidden = true;
    $("error-text").textContent = "";
    for (const el of document.querySelectorAll("[data-error-for]")) { el.hidden = true; el.textContent = ""; }
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  }

  function clearFieldError(el) {
    if (!el.hasAttribute("aria-invalid")) return;
    el.removeAttribute("aria-invalid");
    const name = el.dataset.option || el.name;
    const slot = document.querySelector(`[data-error-for="${CSS.escape(name)}"]`);
    if (slot) { slot.hidden = true; slot.textContent = ""; }
  }

  function wire() {
    $("error-close").addEventListener("click", () => clearErrors());
  }

  return { showError, clearErrors, clearFieldError, wire };
}
