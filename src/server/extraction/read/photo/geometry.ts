// Where a point of a cleaned-up image stands in the image it was made from: each step that moves
// pixels (a quarter turn, a small rotation, scaling) gives the way back, and the ways compose, so
// the words OCR finds are placed on the image people see.

/** A point of the step's output → the same point in its input. */
export type PointMap = (x: number, y: number) => readonly [number, number];

export const IDENTITY: PointMap = (x, y) => [x, y];

/** First back through `later`, then back through `earlier`. */
export function compose(earlier: PointMap, later: PointMap): PointMap {
  return (x, y) => {
    const [mx, my] = later(x, y);
    return earlier(mx, my);
  };
}

export type Box = { x0: number; y0: number; x1: number; y1: number };

/** The box's corners taken back, and the upright box around them, kept within the image. */
export function boxBack(box: Box, back: PointMap, width: number, height: number): Box {
  const corners = [
    back(box.x0, box.y0),
    back(box.x1, box.y0),
    back(box.x0, box.y1),
    back(box.x1, box.y1),
  ];
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  return {
    x0: clamp(Math.min(...xs), width),
    y0: clamp(Math.min(...ys), height),
    x1: clamp(Math.max(...xs), width),
    y1: clamp(Math.max(...ys), height),
  };
}
