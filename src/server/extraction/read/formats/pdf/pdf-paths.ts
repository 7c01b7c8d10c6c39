// Drawn paths → ruling lines and shaded rectangles, in page coordinates (y down). A table's borders
// are drawn as stroked lines or as thin filled rectangles; a shaded header row as a filled
// rectangle. Curves, slanted lines and paths that are only clipped to are left out.
import type { Ruling, Shade } from '../../layout/types';

export type Matrix = [number, number, number, number, number, number];

/** Path codes in pdf.js's path buffer (its DrawOPS). */
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUADRATIC_CURVE_TO = 3;
const CLOSE_PATH = 4;

/** A filled rectangle this thin (page units) is a line. */
const MAX_LINE_THICKNESS = 3;
/** Shorter segments are marks, not lines. */
const MIN_LINE_LENGTH = 3;
/** A segment whose ends differ by less than this across its length is straight. */
const STRAIGHT = 0.6;

export type PathOutput = { rulings: Ruling[]; shades: Shade[] };

type Point = [number, number];

function apply(m: Matrix, x: number, y: number): Point {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The straight subpaths of a path buffer, as points in page coordinates. */
function subpaths(buffer: ArrayLike<number>, m: Matrix): Point[][] {
  const paths: Point[][] = [];
  let current: Point[] = [];
  for (let i = 0; i < buffer.length;) {
    const code = buffer[i++];
    if (code === MOVE_TO || code === LINE_TO) {
      if (code === MOVE_TO && current.length > 0) paths.push((current = []));
      if (paths.length === 0) paths.push(current);
      current.push(apply(m, buffer[i] ?? 0, buffer[i + 1] ?? 0));
      i += 2;
    } else if (code === CURVE_TO) {
      // A curve breaks the straight run: what follows starts afresh from its end point.
      const end = apply(m, buffer[i + 4] ?? 0, buffer[i + 5] ?? 0);
      paths.push((current = [end]));
      i += 6;
    } else if (code === QUADRATIC_CURVE_TO) {
      const end = apply(m, buffer[i + 2] ?? 0, buffer[i + 3] ?? 0);
      paths.push((current = [end]));
      i += 4;
    } else if (code === CLOSE_PATH) {
      const first = current[0];
      if (first && current.length > 2) current.push(first);
    } else break;
  }
  return paths.filter((path) => path.length > 1);
}

function segmentRuling([ax, ay]: Point, [bx, by]: Point): Ruling | null {
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  if (dy <= STRAIGHT && dx >= MIN_LINE_LENGTH) {
    const y = (ay + by) / 2;
    return { x0: Math.min(ax, bx), y0: y, x1: Math.max(ax, bx), y1: y };
  }
  if (dx <= STRAIGHT && dy >= MIN_LINE_LENGTH) {
    const x = (ax + bx) / 2;
    return { x0: x, y0: Math.min(ay, by), x1: x, y1: Math.max(ay, by) };
  }
  return null;
}

/** The box of a subpath that is an upright rectangle, or null. */
function rectangleOf(path: Point[]): Shade | null {
  const [first, last] = [path[0], path.at(-1)];
  const isClosed = path.length > 1 && first?.[0] === last?.[0] && first?.[1] === last?.[1];
  const points = isClosed ? path.slice(0, -1) : path;
  if (points.length !== 4) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const box = {
    x0: Math.min(...xs),
    y0: Math.min(...ys),
    x1: Math.max(...xs),
    y1: Math.max(...ys),
  };
  const onEdge = points.every(
    ([x, y]) =>
      (Math.abs(x - box.x0) <= STRAIGHT || Math.abs(x - box.x1) <= STRAIGHT) &&
      (Math.abs(y - box.y0) <= STRAIGHT || Math.abs(y - box.y1) <= STRAIGHT),
  );
  return onEdge ? box : null;
}

function addStroke(points: Point[], out: PathOutput) {
  for (let i = 1; i < points.length; i++) {
    const ruling = segmentRuling(points[i - 1]!, points[i]!);
    if (ruling) out.rulings.push(ruling);
  }
}

function addFill(points: Point[], out: PathOutput) {
  const box = rectangleOf(points);
  if (!box) {
    // A degenerate rectangle (zero width or height) is drawn as a two-point path.
    if (points.length <= 3) addStroke(points, out);
    return;
  }
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  if (height <= MAX_LINE_THICKNESS && width >= MIN_LINE_LENGTH) {
    const y = (box.y0 + box.y1) / 2;
    out.rulings.push({ x0: box.x0, y0: y, x1: box.x1, y1: y });
  } else if (width <= MAX_LINE_THICKNESS && height >= MIN_LINE_LENGTH) {
    const x = (box.x0 + box.x1) / 2;
    out.rulings.push({ x0: x, y0: box.y0, x1: x, y1: box.y1 });
  } else if (width > MAX_LINE_THICKNESS && height > MAX_LINE_THICKNESS) {
    out.shades.push(box);
  }
}

/** Adds what one painted path draws to `out`. */
export function addPath(
  buffer: ArrayLike<number>,
  m: Matrix,
  paint: { isStroked: boolean; isFilled: boolean },
  out: PathOutput,
) {
  for (const points of subpaths(buffer, m)) {
    if (paint.isFilled) addFill(points, out);
    if (paint.isStroked) addStroke(points, out);
  }
}
