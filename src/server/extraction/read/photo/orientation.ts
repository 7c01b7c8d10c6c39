// Whether a photo was taken sideways, from how its letters neighbour each other: letters of a word
// stand side by side, nearer to each other than to the lines above and below, so most letters'
// nearest neighbours lie along the lines, whatever the layout (a table's columns, which fool a
// profile of the whole page, do not matter here).
import { LEAST_LETTERS, type Ink, type InkMark } from './ink';

/** Neighbours must point this much more often up the image than across it to call it sideways. */
const SIDEWAYS_MARGIN = 1.2;

/** Letter-sized marks only: about as large as the median mark, not specks or whole words. */
function letters(ink: Ink): InkMark[] {
  const sizes = ink.marks.map((mark) => Math.max(mark.width, mark.tall)).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  return ink.marks.filter((mark) => {
    const size = Math.max(mark.width, mark.tall);
    return size >= median / 2 && size <= median * 2;
  });
}

/** For each mark, the direction to its nearest neighbour: counts across (±30°) and up (±30°). */
function neighbourDirections(marks: InkMark[]) {
  const size = Math.max(4, median(marks.map((mark) => Math.max(mark.width, mark.tall))) * 2);
  const grid = new Map<string, InkMark[]>();
  const key = (x: number, y: number) => `${Math.floor(x / size)},${Math.floor(y / size)}`;
  for (const mark of marks) {
    const list = grid.get(key(mark.x, mark.y)) ?? [];
    list.push(mark);
    grid.set(key(mark.x, mark.y), list);
  }
  let across = 0;
  let up = 0;
  for (const mark of marks) {
    const [gx, gy] = [Math.floor(mark.x / size), Math.floor(mark.y / size)];
    let best: InkMark | null = null;
    let bestDistance = Infinity;
    for (let dy = -1; dy <= 1; dy += 1)
      for (let dx = -1; dx <= 1; dx += 1)
        for (const other of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
          if (other === mark) continue;
          // Gaps between the marks' boxes, so that tall letters do not seem far apart across.
          const gapX = Math.max(0, Math.abs(other.x - mark.x) - (other.width + mark.width) / 2);
          const gapY = Math.max(0, Math.abs(other.y - mark.y) - (other.tall + mark.tall) / 2);
          const distance = Math.hypot(gapX, gapY);
          if (distance < bestDistance) [best, bestDistance] = [other, distance];
        }
    if (!best) continue;
    const angle = Math.abs(Math.atan2(best.y - mark.y, best.x - mark.x) * (180 / Math.PI));
    const fromLevel = Math.min(angle, 180 - angle);
    if (fromLevel <= 30) across += 1;
    else if (fromLevel >= 60) up += 1;
  }
  return { across, up };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Whether the text lines run up the image (a photo taken sideways) rather than across it. */
export function isSideways(ink: Ink): boolean {
  const marks = letters(ink);
  if (marks.length < LEAST_LETTERS) return false;
  const { across, up } = neighbourDirections(marks);
  return up > across * SIDEWAYS_MARGIN;
}
