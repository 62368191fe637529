// pieces.js: the board's pieces redrawn by difference. cm-chessboard draws every piece again at
// each position change (redrawPieces): 32 SVG <use> elements to style and lay out again, 10-22 ms
// a step while a search streams in and the page steps through it (issue 28). Here a piece that
// is where it was, drawn the same, is kept, and only the others are drawn or taken away.
import { Position } from "../../vendor/cm-chessboard/src/model/Position.js";

// keepUnchangedPieces(view) replaces view.redrawPieces (a ChessboardView) with the difference.
export function keepUnchangedPieces(view) {
  const redrawAll = view.redrawPieces.bind(view);
  let scale = null; // the pieces' size last drawn: a resize draws them all again
  view.redrawPieces = (squares = view.chessboard.state.position.squares) => {
    const size = `${view.scalingY}|${view.pieceXTranslate}`;
    if (size !== scale || view.visualMoveInput.isDragging()) {
      scale = size;
      redrawAll(squares);
      return;
    }
    // What is drawn on each square now. A piece moved by the animation still names the square
    // it left, so a piece is kept only if it stands on its square's point, and shown in full.
    const drawn = new Map();
    for (const el of Array.from(view.piecesGroup.children)) {
      const square = el.getAttribute("data-square");
      if (!square || drawn.has(square) || !standsOn(view, el, square)) el.remove();
      else drawn.set(square, el);
    }
    for (let i = 0; i < 64; i++) {
      const square = Position.indexToSquare(i), piece = squares[i], el = drawn.get(square);
      if (el && el.getAttribute("data-piece") === piece) { drawn.delete(square); continue; }
      if (el) { el.remove(); drawn.delete(square); }
      if (piece) view.drawPieceOnSquare(square, piece);
    }
    for (const el of drawn.values()) el.remove();
  };
}

function standsOn(view, el, square) {
  if (el.getAttribute("visibility") === "hidden" || (el.style.opacity !== "" && el.style.opacity !== "1")) return false;
  const list = el.transform.baseVal;
  if (list.numberOfItems !== 1) return false;
  const m = list.getItem(0).matrix, p = view.squareToPoint(square);
  return Math.abs(m.e - p.x) < 0.01 && Math.abs(m.f - p.y) < 0.01;
}
