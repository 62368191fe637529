import { test } from "node:test";
import assert from "node:assert/strict";
import { treeText } from "../engines/tracefile.js";

// The started frame carries a tree as nested arrays; a saved trace names it in
// the command line's parentheses (Russell and Norvig's Fig. 5.2, and an irregular one).
test("treeText writes a tree back in parentheses", () => {
  assert.equal(treeText([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "((3 12 8) (2 4 6) (14 5 2))");
  assert.equal(treeText([[5, [3, 9]], 4, [8, [2, 6]]]), "((5 (3 9)) 4 (8 (2 6)))");
});
