import type { EvidenceBox } from '../../../../shared/review';
import type { DocumentReview } from './table-review';

/**
 * Where a value's box stands over a picture of its page, in percentages of the page, so it lands
 * on the same words whatever size the picture is drawn at (box x and y are from the page's top
 * left, in the page's own units: PDF points or image pixels).
 */
export type BoxPlace = { left: number; top: number; width: number; height: number };

const percent = (part: number, whole: number) => (part / whole) * 100;

export function boxPlace(box: EvidenceBox): BoxPlace {
  return {
    left: percent(box.x, box.pageWidth),
    top: percent(box.y, box.pageHeight),
    width: percent(box.width, box.pageWidth),
    height: percent(box.height, box.pageHeight),
  };
}

/** As CSS for an absolutely placed element over the page. */
export function boxStyle(box: EvidenceBox) {
  const place = boxPlace(box);
  return {
    left: `${place.left}%`,
    top: `${place.top}%`,
    width: `${place.width}%`,
    height: `${place.height}%`,
  };
}

/** The picture's zoom steps: the page fits the pane at 1. */
export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

/**
 * The zoom step at which the value's region (its box and its row's boxes on the page, with a
 * margin) fills the picture's width: a receipt's line opens readable instead of the page fitted
 * whole into the pane. 1 without a box.
 */
export function fittedZoom(value: EvidenceBox | null, row: readonly EvidenceBox[]): number {
  const boxes = value ? [value, ...row] : [...row];
  const first = boxes[0];
  if (!first) return 1;
  const left = Math.min(...boxes.map((box) => box.x));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const share = (right - left) / first.pageWidth + 0.1;
  const wanted = share > 0 ? 1 / share : 1;
  return [...ZOOM_STEPS].reverse().find((step) => step <= wanted) ?? 1;
}

export function zoomStep(zoom: number, direction: 1 | -1): number {
  const at = ZOOM_STEPS.findIndex((step) => step >= zoom);
  const next = Math.min(ZOOM_STEPS.length - 1, Math.max(0, (at === -1 ? 0 : at) + direction));
  return ZOOM_STEPS[next] ?? 1;
}

/** The boxes to draw on a page: the value's own, and its row's other values' on that page. */
export function pageBoxes(
  value: EvidenceBox | undefined,
  row: readonly (EvidenceBox | undefined)[],
): { page: number; value: EvidenceBox | null; row: EvidenceBox[] } | null {
  const page = value?.page ?? row.find((box) => box !== undefined)?.page;
  if (page === undefined) return null;
  return {
    page,
    value: value ?? null,
    row: row.filter((box): box is EvidenceBox => box !== undefined && box.page === page),
  };
}

/**
 * The address of a document's rendered page (GET /api/jobs/{id}/documents/{documentId}/pages/{page}),
 * or null when that page has no picture.
 */
export type PageImageUrl = (documentId: string, page: number) => string | null;

/** The pictures the server drew of each document's pages (a result's `pages`), by document. */
export function pageImageUrlOf(documents: readonly DocumentReview[]): PageImageUrl {
  const pictures = new Map(
    documents.map((document) => [
      document.documentId,
      new Map((document.detail?.pages ?? []).map((picture) => [picture.page, picture.image])),
    ]),
  );
  return (documentId, page) => pictures.get(documentId)?.get(page) ?? null;
}
