// One pass over a page's drawing operations (pdf.js's operator list) gives everything the layout
// needs: where each glyph is drawn (so words keep their own direction and exact place), the lines
// and shaded boxes of tables, and whether anything is drawn at all (a scan). pdf.js's text layer
// would need a second pass over the same content, and it drops glyphs whose text starts with a
// space. Positions follow pdf.js's own canvas renderer (text matrix, spacing, scaling, rise).
import type { Ruling, Shade, Word } from '../../layout/types';
import { addPath, type Matrix, type PathOutput } from './pdf-paths';
import { createTextState, type TextState, showText, textOperation } from './pdf-text-state';
import { createWordCollector } from './pdf-words';
import { OPS, Util, type PDFPageProxy } from './pdfjs';

export type PageContent = {
  /** Words by reading direction in degrees (0 upright, 90 read top to bottom, ...). */
  words: Map<number, Word[]>;
  /** Lines and shaded boxes in page coordinates (y down). */
  rulings: Ruling[];
  shades: Shade[];
  /** Whether the page paints anything (images, paths): a page without text may be a scan. */
  isDrawn: boolean;
  width: number;
  height: number;
};

const IMAGE_OPERATIONS = new Set([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintSolidColorImageMask,
  OPS.shadingFill,
]);
const STROKES = new Set([OPS.stroke, OPS.closeStroke]);
const FILLS = new Set([OPS.fill, OPS.eoFill]);
const FILL_STROKES = new Set([
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
/** Paint that cannot be seen on a white page. */
const INVISIBLE = new Set(['#ffffff', 'transparent']);

const NO_ARGS: unknown[] = [];

type Graphics = { ctm: Matrix; fill: string; stroke: string; text: TextState };

const copy = (state: Graphics): Graphics => ({ ...state, text: { ...state.text } });

function asMatrix(value: unknown): Matrix | null {
  if (!value || typeof value !== 'object' || !('length' in value) || value.length !== 6)
    return null;
  const numbers = Array.from(value as ArrayLike<unknown>);
  return numbers.every((n) => typeof n === 'number') ? (numbers as Matrix) : null;
}

function paintPath(args: unknown[], state: Graphics, out: PathOutput): boolean {
  const [paint, buffers] = args;
  const isStroked = STROKES.has(paint as number) || FILL_STROKES.has(paint as number);
  const isFilled = FILLS.has(paint as number) || FILL_STROKES.has(paint as number);
  if (!isStroked && !isFilled) return false;
  const buffer: unknown = Array.isArray(buffers) ? buffers[0] : null;
  if (!buffer || typeof buffer !== 'object' || !('length' in buffer)) return true;
  addPath(
    buffer as ArrayLike<number>,
    state.ctm,
    {
      isStroked: isStroked && !INVISIBLE.has(state.stroke),
      isFilled: isFilled && !INVISIBLE.has(state.fill),
    },
    out,
  );
  return true;
}

/** Reads the page's operator list once. Fonts come from the page's objects as pdf.js loads them. */
export async function readPageContent(page: PDFPageProxy): Promise<PageContent> {
  const viewport = page.getViewport({ scale: 1 });
  const { fnArray, argsArray } = await page.getOperatorList();
  const words = createWordCollector();
  const out: PathOutput = { rulings: [], shades: [] };
  const device = viewport.transform as Matrix;
  const bounds = { width: viewport.width, height: viewport.height };
  const stack: Graphics[] = [];
  let state: Graphics = {
    ctm: device,
    fill: '#000000',
    stroke: '#000000',
    text: createTextState(),
  };
  let isDrawn = false;
  const loaded = new Map<string, unknown>();
  const fonts = (name: string): unknown => {
    if (!loaded.has(name))
      loaded.set(name, page.commonObjs.has(name) ? page.commonObjs.get(name) : null);
    return loaded.get(name);
  };

  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i];
    const args: unknown[] = Array.isArray(argsArray[i]) ? (argsArray[i] as unknown[]) : NO_ARGS;
    if (op === OPS.showText) showText(state.text, state.ctm, args[0], bounds, words);
    else if (textOperation(state.text, op, args, fonts)) continue;
    else if (op === OPS.save) stack.push(copy(state));
    else if (op === OPS.restore) state = stack.pop() ?? state;
    else if (op === OPS.transform) {
      const m = asMatrix(args);
      if (m) state.ctm = Util.transform(state.ctm, m) as Matrix;
    } else if (op === OPS.paintFormXObjectBegin) {
      stack.push(copy(state));
      const m = asMatrix(args[0]);
      if (m) state.ctm = Util.transform(state.ctm, m) as Matrix;
    } else if (op === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
    else if (op === OPS.setFillRGBColor) state.fill = String(args[0]);
    else if (op === OPS.setStrokeRGBColor) state.stroke = String(args[0]);
    else if (op === OPS.setFillTransparent) state.fill = 'transparent';
    else if (op === OPS.setStrokeTransparent) state.stroke = 'transparent';
    else if (op === OPS.setFillColorN) state.fill = 'pattern';
    else if (op === OPS.constructPath) isDrawn = paintPath(args, state, out) || isDrawn;
    else if (op !== undefined && IMAGE_OPERATIONS.has(op)) isDrawn = true;
  }
  return { words: words.finish(), ...out, isDrawn, ...bounds };
}
