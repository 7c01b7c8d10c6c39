// A page's content by reading direction: the words of each direction with the ruling lines turned
// into the same frame, so a table printed sideways is laid out like an upright one. The direction
// with the most words comes first; at other than right angles ruling lines are left out.
import type { PageText, Ruling, Shade, Word } from '../../layout/types';
import type { PlacedWord } from '../../types';
import type { PageContent } from './pdf-content';

type Turn = (x: number, y: number) => [number, number];

function turnFor(angle: number): Turn | null {
  switch (angle) {
    case 0:
      return (x, y) => [x, y];
    case 90:
      return (x, y) => [y, -x];
    case 180:
      return (x, y) => [-x, -y];
    case 270:
      return (x, y) => [-y, x];
    default:
      return null;
  }
}

function turnBox<T extends Ruling | Shade>(box: T, turn: Turn): T {
  const [ax, ay] = turn(box.x0, box.y0);
  const [bx, by] = turn(box.x1, box.y1);
  return {
    ...box,
    x0: Math.min(ax, bx),
    y0: Math.min(ay, by),
    x1: Math.max(ax, bx),
    y1: Math.max(ay, by),
  };
}

/** A word of the frame at `from` degrees as a box in the frame at `to` degrees. */
function turnWord(word: Word, from: number, to: number): Word | null {
  const back = turnFor((360 - from) % 360);
  const turn = turnFor(to);
  if (!back || !turn) return null;
  const [ax, ay] = turn(...back(word.x0, word.top));
  const [bx, by] = turn(...back(word.x1, word.bottom));
  const [top, bottom] = [Math.min(ay, by), Math.max(ay, by)];
  return {
    ...word,
    x0: Math.min(ax, bx),
    x1: Math.max(ax, bx),
    top,
    bottom,
    baseline: bottom,
    turned: word,
  };
}

/** The page's frames, the direction with the most words first; it gets the others' words as guests. */
export function pageFrames(content: PageContent): PageText[] {
  const directions = [...content.words.entries()].sort(
    (a, b) => b[1].length - a[1].length || a[0] - b[0],
  );
  const main = directions[0]?.[0] ?? 0;
  return directions.map(([angle, words], index) => {
    const turn = turnFor(angle);
    const guests =
      index > 0
        ? []
        : directions
            .slice(1)
            .flatMap(([other, list]) => list.flatMap((word) => turnWord(word, other, main) ?? []));
    return {
      words,
      rulings: turn ? content.rulings.map((ruling) => turnBox(ruling, turn)) : [],
      shades: turn ? content.shades.map((shade) => turnBox(shade, turn)) : [],
      guests,
    };
  });
}

/** Every word of the page where it stands on the page (y down), whatever its direction. */
export function placedWords(content: PageContent, page: number): PlacedWord[] {
  const placed: PlacedWord[] = [];
  for (const [angle, words] of content.words) {
    const back = turnFor((360 - angle) % 360);
    if (!back) continue;
    for (const word of words) {
      const [ax, ay] = back(word.x0, word.top);
      const [bx, by] = back(word.x1, word.bottom);
      placed.push({
        page,
        text: word.text,
        x0: Math.min(ax, bx),
        y0: Math.min(ay, by),
        x1: Math.max(ax, bx),
        y1: Math.max(ay, by),
        confidence: null,
      });
    }
  }
  return placed;
}
