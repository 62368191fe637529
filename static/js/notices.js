// notices.js: what the server says about a search that is not an error: that it waits in line
// for a free slot ("queued", with its place), or that the server let go of its recording
// ("notice"; the page keeps its own copy). Shown in the run-state line until the search starts.

import { t } from "./i18n/i18n.js";
import { frameText } from "./errors.js";

// noticeText is the sentence for a queued or notice frame (keyed: frameText).
export function noticeText(f) {
  if (f.message) return frameText(f);
  if (f.type === "queued") return t("notices.queued", { position: f.position });
  return "";
}
