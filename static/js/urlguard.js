// urlguard.js: app.js's first import, so it runs before any module reads the page's address
// (linkstep.js keeps it as it loads): the parameters past their limits (urlparams.js) are taken
// out, and app.js says why once the page has its words (refusedParams).
import { guardAddress } from "./urlparams.js";

export const refusedParams = guardAddress();
