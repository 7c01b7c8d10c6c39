// Ruling lines → table grids (the lattice approach of camelot and tabula): horizontal and vertical
// lines that cross each other form one grid; its distinct line positions are the row and column
// edges, and two neighbouring grid cells with no line between them are one merged cell.
import type { Ruling } from './types';

/** A merged cell: the grid rows and columns it covers, and its box. */
export type GridCell = {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
};

export type Grid = { xs: number[]; ys: number[]; cells: GridCell[] };

/** Lines closer than this (page units) are one line; lines this close to crossing do cross. */
const TOLERANCE = 2;
/** Lines shorter than this are marks (dots, ticks), not borders. */
const MIN_LENGTH = 4;
/** An edge is drawn when lines cover this share of it. */
const EDGE_COVERAGE = 0.6;

const isHorizontal = (r: Ruling) => r.y0 === r.y1;

/** Collinear pieces (a dashed line, a line drawn cell by cell) joined into whole lines. */
function joinCollinear(rulings: Ruling[], horizontal: boolean): Ruling[] {
  const at = (r: Ruling) => (horizontal ? r.y0 : r.x0);
  const start = (r: Ruling) => (horizontal ? r.x0 : r.y0);
  const end = (r: Ruling) => (horizontal ? r.x1 : r.y1);
  const make = (position: number, from: number, to: number): Ruling =>
    horizontal
      ? { x0: from, y0: position, x1: to, y1: position }
      : { x0: position, y0: from, x1: position, y1: to };
  // Lines at (nearly) one position, then the pieces along each, in order.
  const byPosition = [...rulings].sort((a, b) => at(a) - at(b));
  const groups: Ruling[][] = [];
  for (const ruling of byPosition) {
    const group = groups.at(-1);
    if (group && at(ruling) - at(group[0]!) <= TOLERANCE) group.push(ruling);
    else groups.push([ruling]);
  }
  const joined: Ruling[] = [];
  for (const group of groups) {
    const position = group.reduce((sum, r) => sum + at(r), 0) / group.length;
    let current: [number, number] | null = null;
    for (const piece of group.sort((a, b) => start(a) - start(b))) {
      if (current && start(piece) <= current[1] + TOLERANCE) {
        current[1] = Math.max(current[1], end(piece));
        continue;
      }
      if (current) joined.push(make(position, ...current));
      current = [start(piece), end(piece)];
    }
    if (current) joined.push(make(position, ...current));
  }
  return joined.filter((r) => end(r) - start(r) >= MIN_LENGTH);
}

const crosses = (h: Ruling, v: Ruling) =>
  v.x0 >= h.x0 - TOLERANCE &&
  v.x0 <= h.x1 + TOLERANCE &&
  h.y0 >= v.y0 - TOLERANCE &&
  h.y0 <= v.y1 + TOLERANCE;

/** Groups of lines that touch each other, each with at least two lines each way. */
function components(hs: Ruling[], vs: Ruling[]): { hs: Ruling[]; vs: Ruling[] }[] {
  const parent = [...hs, ...vs].map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  hs.forEach((h, i) =>
    vs.forEach((v, j) => {
      if (crosses(h, v)) parent[find(i)] = find(hs.length + j);
    }),
  );
  const groups = new Map<number, { hs: Ruling[]; vs: Ruling[] }>();
  [...hs, ...vs].forEach((ruling, i) => {
    const group = groups.get(find(i)) ?? { hs: [], vs: [] };
    (i < hs.length ? group.hs : group.vs).push(ruling);
    groups.set(find(i), group);
  });
  return [...groups.values()].filter((group) => group.hs.length >= 2 && group.vs.length >= 2);
}

/** Distinct positions, each cluster of close values represented by its mean. */
function edges(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const clusters: number[][] = [];
  for (const value of sorted) {
    const last = clusters.at(-1);
    if (last && value - last.at(-1)! <= TOLERANCE) last.push(value);
    else clusters.push([value]);
  }
  return clusters.map((cluster) => cluster.reduce((sum, v) => sum + v, 0) / cluster.length);
}

/** How much of [from, to] the lines at `position` cover, from 0 to 1. */
function coverage(
  lines: Ruling[],
  horizontal: boolean,
  position: number,
  from: number,
  to: number,
) {
  let covered = 0;
  for (const line of lines) {
    const at = horizontal ? line.y0 : line.x0;
    if (Math.abs(at - position) > TOLERANCE) continue;
    const [start, end] = horizontal ? [line.x0, line.x1] : [line.y0, line.y1];
    covered += Math.max(0, Math.min(end, to) - Math.max(start, from));
  }
  return covered / Math.max(to - from, 1e-6);
}

/** Edges at the crossing lines, widened to the far ends of the lines along (an open side). */
function withEnds(positions: number[], from: number, to: number): number[] {
  const inner = edges(positions);
  const first = inner[0] ?? from;
  const last = inner.at(-1) ?? to;
  return [
    ...(from < first - MIN_LENGTH ? [from] : []),
    ...inner,
    ...(to > last + MIN_LENGTH ? [to] : []),
  ];
}

function buildGrid(hs: Ruling[], vs: Ruling[]): Grid | null {
  const xs = withEnds(
    vs.map((v) => v.x0),
    Math.min(...hs.map((h) => h.x0)),
    Math.max(...hs.map((h) => h.x1)),
  );
  const ys = withEnds(
    hs.map((h) => h.y0),
    Math.min(...vs.map((v) => v.y0)),
    Math.max(...vs.map((v) => v.y1)),
  );
  const rows = ys.length - 1;
  const columns = xs.length - 1;
  if (rows < 1 || columns < 1) return null;
  const parent = Array.from({ length: rows * columns }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const [top, bottom, left, right] = [ys[r]!, ys[r + 1]!, xs[c]!, xs[c + 1]!];
      if (c + 1 < columns && coverage(vs, false, right, top, bottom) < EDGE_COVERAGE)
        parent[find(r * columns + c)] = find(r * columns + c + 1);
      if (r + 1 < rows && coverage(hs, true, bottom, left, right) < EDGE_COVERAGE)
        parent[find(r * columns + c)] = find((r + 1) * columns + c);
    }
  }
  const spans = new Map<number, { r0: number; r1: number; c0: number; c1: number }>();
  for (let i = 0; i < rows * columns; i++) {
    const [r, c] = [Math.floor(i / columns), i % columns];
    const span = spans.get(find(i)) ?? { r0: r, r1: r, c0: c, c1: c };
    spans.set(find(i), {
      r0: Math.min(span.r0, r),
      r1: Math.max(span.r1, r),
      c0: Math.min(span.c0, c),
      c1: Math.max(span.c1, c),
    });
  }
  const cells = [...spans.values()].map(({ r0, r1, c0, c1 }) => ({
    row: r0,
    column: c0,
    rowSpan: r1 - r0 + 1,
    columnSpan: c1 - c0 + 1,
    x0: xs[c0]!,
    x1: xs[c1 + 1]!,
    top: ys[r0]!,
    bottom: ys[r1 + 1]!,
  }));
  return { xs, ys, cells };
}

/** The grids that the page's ruling lines draw, top to bottom. */
export function findGrids(rulings: Ruling[]): Grid[] {
  const hs = joinCollinear(rulings.filter(isHorizontal), true);
  const vs = joinCollinear(
    rulings.filter((r) => !isHorizontal(r)),
    false,
  );
  return components(hs, vs)
    .map((group) => buildGrid(group.hs, group.vs))
    .filter((grid): grid is Grid => grid !== null)
    .sort((a, b) => a.ys[0]! - b.ys[0]!);
}
