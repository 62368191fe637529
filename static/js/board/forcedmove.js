// forcedmove.js: a move the page's chess rules (chess.js) reject, played anyway. Some engines
// generate pseudo-legal moves and let a king step into check (it is then captured, or the
// position scored as lost); their traces search on below such a move. To name the moves after
// it in SAN, the piece is moved as the engine moved it: captures, en passant, castling's rook
// and promotion included, the other side to move. board.js shows the last legal position with a
// warning for every node at or below such a move.
import { Chess } from "../../vendor/chess.js/chess.js";
import { t } from "../i18n/i18n.js";

const FILES = "abcdefgh";
const square = (s) => /^[a-h][1-8]$/.test(s);

// forceMove(fen, uci) -> {fen, san, why} or null when not even a piece of the side to move can
// make it (no piece on the from square, or the other side's).
export function forceMove(fen, uci) {
  const from = uci.slice(0, 2), to = uci.slice(2, 4), promo = uci.length > 4 ? uci[4].toLowerCase() : "";
  if (!square(from) || !square(to) || from === to) return null;
  let c;
  try { c = new Chess(fen, { skipValidation: true }); } catch { return null; }
  const fields = fen.split(" ");
  const us = fields[1] === "b" ? "b" : "w", them = us === "w" ? "b" : "w";
  const piece = c.get(from);
  if (!piece || piece.color !== us) return null;
  const target = c.get(to);
  if (target && target.color === us) return null;
  let capture = !!target, san;
  c.remove(from);
  if (piece.type === "p" && from[0] !== to[0] && !target) {
    c.remove(to[0] + from[1]); // en passant: the pawn taken stands beside
    capture = true;
  }
  const castle = piece.type === "k" && Math.abs(FILES.indexOf(from[0]) - FILES.indexOf(to[0])) === 2;
  if (castle) {
    const kingSide = to[0] === "g";
    const rookFrom = (kingSide ? "h" : "a") + from[1], rookTo = (kingSide ? "f" : "d") + from[1];
    const rook = c.get(rookFrom);
    if (rook) { c.remove(rookFrom); c.put(rook, rookTo); }
    san = kingSide ? "O-O" : "O-O-O";
  }
  c.put(promo && "qrbn".includes(promo) ? { type: promo, color: us } : piece, to);
  if (!san) {
    const letter = piece.type === "p" ? (capture ? from[0] : "") : piece.type.toUpperCase();
    san = `${letter}${capture ? "x" : ""}${to}${promo ? "=" + promo.toUpperCase() : ""}`;
  }
  // The king the move left (or put) in check: the usual reason a pseudo-legal engine's move fails.
  let kingSq = "";
  for (const row of c.board()) for (const p of row) if (p && p.type === "k" && p.color === us) kingSq = p.square;
  const why = kingSq && c.isAttacked(kingSq, them) ? t("forcedmove.kingInCheck") : t("forcedmove.notAllowed");
  // The rest of the FEN: the other side to move, castling rights lost by a king or rook that
  // moved or a rook taken, no en passant, the clocks.
  let rights = fields[2] || "-";
  const drop = (chars) => { for (const ch of chars) rights = rights.replace(ch, ""); };
  if (piece.type === "k") drop(us === "w" ? "KQ" : "kq");
  for (const [sq, ch] of [["h1", "K"], ["a1", "Q"], ["h8", "k"], ["a8", "q"]]) if (from === sq || to === sq) drop(ch);
  if (!rights) rights = "-";
  const board = c.fen().split(" ")[0];
  const half = piece.type === "p" || capture ? 0 : (parseInt(fields[4], 10) || 0) + 1;
  const full = (parseInt(fields[5], 10) || 1) + (us === "b" ? 1 : 0);
  return { fen: `${board} ${them} ${rights} - ${half} ${full}`, san, why };
}
