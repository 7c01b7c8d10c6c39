// The text state of a PDF page (font, size, spacing, text matrix) and where each glyph of a
// showText operation lands, computed the way pdf.js's canvas renderer draws it.
import type { Matrix } from './pdf-paths';
import { runAngle, type GlyphRun, type WordCollector } from './pdf-words';
import { OPS, Util } from './pdfjs';

type Font = {
  matrix: number[];
  ascent: number;
  descent: number;
  isBold: boolean;
  vertical: boolean;
};

export type TextState = {
  font: Font | null;
  fontSize: number;
  fontDirection: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  matrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
};

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const BOLD_NAME = /bold|black|heavy|semibold|demi|extrab/i;

export function createTextState(): TextState {
  return {
    font: null,
    fontSize: 0,
    fontDirection: 1,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    matrix: IDENTITY,
    ...{ x: 0, y: 0, lineX: 0, lineY: 0 },
  };
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

const fontCache = new WeakMap<object, Font>();

/** What we need of a pdf.js font object (its FontFaceObject, or null when missing). */
function readFont(value: unknown): Font {
  const cached = value && typeof value === 'object' ? fontCache.get(value) : undefined;
  if (cached) return cached;
  const font = describeFont(value);
  if (value && typeof value === 'object') fontCache.set(value, font);
  return font;
}

function describeFont(value: unknown): Font {
  const get = (key: string): unknown =>
    value && typeof value === 'object' && key in value ? Reflect.get(value, key) : undefined;
  const matrix = get('fontMatrix');
  const name = get('name');
  const ascent = numberOr(get('ascent'), 0.8);
  const descent = numberOr(get('descent'), -0.2);
  return {
    matrix:
      Array.isArray(matrix) || ArrayBuffer.isView(matrix)
        ? Array.from(matrix as number[])
        : [0.001, 0, 0, 0.001, 0, 0],
    ascent: ascent > 0.4 && ascent < 1.3 ? ascent : 0.8,
    descent: descent < 0 && descent > -0.6 ? descent : -0.2,
    isBold:
      get('bold') === true ||
      get('black') === true ||
      (typeof name === 'string' && BOLD_NAME.test(name)),
    vertical: get('vertical') === true,
  };
}

// Read by the cases that use them: this runs for every operation of a page.
const first = (args: unknown[]) => numberOr(args[0], 0);
const second = (args: unknown[]) => numberOr(args[1], 0);

function moveText(state: TextState, x: number, y: number) {
  state.x = state.lineX += x;
  state.y = state.lineY += y;
}

/** Applies a text-state operation; false when `op` is not one. */
export function textOperation(
  state: TextState,
  op: number | undefined,
  args: unknown[],
  fonts: (name: string) => unknown,
): boolean {
  switch (op) {
    case OPS.beginText:
      Object.assign(state, { matrix: IDENTITY, x: 0, y: 0, lineX: 0, lineY: 0 });
      return true;
    case OPS.setFont:
      state.font = readFont(fonts(String(args[0])));
      state.fontDirection = second(args) < 0 ? -1 : 1;
      state.fontSize = Math.abs(second(args));
      return true;
    case OPS.setTextMatrix: {
      const m = args[0];
      const values =
        m && typeof m === 'object' && 'length' in m ? Array.from(m as ArrayLike<number>) : [];
      if (values.length === 6) state.matrix = values as Matrix;
      Object.assign(state, { x: 0, y: 0, lineX: 0, lineY: 0 });
      return true;
    }
    case OPS.moveText:
      moveText(state, first(args), second(args));
      return true;
    case OPS.setLeadingMoveText:
      state.leading = second(args);
      moveText(state, first(args), second(args));
      return true;
    case OPS.nextLine:
      moveText(state, 0, state.leading);
      return true;
    case OPS.setLeading:
      state.leading = -first(args);
      return true;
    case OPS.setCharSpacing:
      state.charSpacing = first(args);
      return true;
    case OPS.setWordSpacing:
      state.wordSpacing = first(args);
      return true;
    case OPS.setHScale:
      state.hScale = first(args) / 100;
      return true;
    case OPS.setTextRise:
      state.rise = first(args);
      return true;
    default:
      return false;
  }
}

/** The text of a pdf.js glyph, or null when `value` is not one. */
function glyphText(value: unknown): string | null {
  if (!value || typeof value !== 'object' || !('unicode' in value)) return null;
  return typeof value.unicode === 'string' ? value.unicode : '';
}

const glyphWidth = (glyph: object) => ('width' in glyph ? numberOr(glyph.width, 0) : 0);
const isSpaceGlyph = (glyph: object) => 'isSpace' in glyph && glyph.isSpace === true;

/** Places the glyphs of one showText operation and advances the text position past them. */
export function showText(
  state: TextState,
  ctm: Matrix,
  glyphs: unknown,
  page: { width: number; height: number },
  words: WordCollector,
) {
  const { font, fontSize } = state;
  if (!font || fontSize === 0 || !Array.isArray(glyphs)) return;
  const m = Util.transform(ctm, state.matrix) as Matrix;
  const hScale = state.hScale * state.fontDirection;
  const widthScale = fontSize * (font.matrix[0] ?? 0.001);
  const [dx, dy] = font.vertical
    ? [-m[2], -m[3]]
    : [m[0] * Math.sign(hScale), m[1] * Math.sign(hScale)];
  const angle = runAngle(dx, dy);
  const radians = (angle * Math.PI) / 180;
  const run: GlyphRun = {
    angle,
    cos: Math.cos(radians),
    sin: Math.sin(radians),
    size: fontSize * Math.hypot(m[2], m[3]),
    ascent: font.ascent,
    descent: font.descent,
    isBold: font.isBold,
  };
  const scaleAlong = Math.hypot(dx, dy) * (font.vertical ? 1 : Math.abs(hScale));
  let advance = 0;
  for (const item of glyphs as unknown[]) {
    if (typeof item === 'number') {
      advance -= (item * fontSize) / 1000;
      continue;
    }
    const unicode = glyphText(item);
    if (unicode === null) continue;
    const glyph = item as object;
    const spacing = (isSpaceGlyph(glyph) ? state.wordSpacing : 0) + state.charSpacing;
    const width = glyphWidth(glyph) * widthScale;
    const tx = font.vertical ? state.x : state.x + advance * hScale;
    const ty = font.vertical ? state.y - advance : state.y + state.rise;
    const x = m[0] * tx + m[2] * ty + m[4];
    const y = m[1] * tx + m[3] * ty + m[5];
    advance += width + spacing * state.fontDirection;
    const isOnPage = x >= -2 && y >= -2 && x <= page.width + 2 && y <= page.height + 2;
    if (!unicode.trim()) words.addSpace();
    else if (isOnPage) words.addGlyph(run, unicode, x, y, Math.abs(width) * scaleAlong);
  }
  if (font.vertical) state.y -= advance;
  else state.x += advance * hScale;
}
