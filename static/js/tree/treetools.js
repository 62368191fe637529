// treetools.js: the tree bar's More button (issue 28). On a phone (the CSS shows the button under
// 701 pixels) the bar's less-used tools fold behind it, so the bar takes one row above the tree
// instead of four; the button is a disclosure: aria-expanded says whether the group is shown,
// and the CSS reads it. Elsewhere the button is hidden and the group is always laid out.

const $ = (id) => document.getElementById(id);

// bindTreeMore() wires the button; it returns {open(), close()} (close returns the focus to the
// button when it was inside the group, so a keyboard user is not left on a hidden control).
export function bindTreeMore() { return bindMore($("tree-more-toggle"), $("tree-more")); }

// bindMore(button, group): the same disclosure for any group (the header's on a phone, app.js).
export function bindMore(button, group) {
  if (!button || !group) return { open() {}, close() {} };
  const set = (shown) => button.setAttribute("aria-expanded", shown ? "true" : "false");
  const close = () => {
    const inside = group.contains(document.activeElement);
    set(false);
    if (inside) button.focus();
  };
  button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  // Space on a focused button plays or pauses everywhere else (keys.js); a disclosure opens with
  // it, as a keyboard user expects, and its keyup must not click the button a second time.
  button.addEventListener("keydown", (e) => {
    if (e.key !== " " || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    if (!e.repeat) button.click();
  });
  button.addEventListener("keyup", (e) => { if (e.key === " ") e.preventDefault(); });
  // Esc in the group folds it (after a drop-down inside it, like Export, has closed).
  group.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !group.querySelector("details[open]") && getComputedStyle(button).display !== "none") close();
  });
  return { open: () => set(true), close };
}
