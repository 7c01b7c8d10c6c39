import { describe, expect, it } from 'vitest';
import { boxPlace, boxStyle, fittedZoom, pageBoxes, pageImageUrlOf, zoomStep } from './page-boxes';

// An A4 PDF page in points; the box of "36.25" on the orders fixture's 23rd row.
const box = {
  page: 1,
  x: 507.5,
  y: 484.5,
  width: 22.5,
  height: 8.3,
  pageWidth: 595,
  pageHeight: 842,
};

describe('boxPlace', () => {
  it('places a box in percentages of its page, whatever size the picture is', () => {
    const place = boxPlace(box);
    expect(place.left).toBeCloseTo(85.29, 2);
    expect(place.top).toBeCloseTo(57.54, 2);
    expect(place.width).toBeCloseTo(3.78, 2);
    expect(place.height).toBeCloseTo(0.99, 2);
    // Drawn 1190 px wide (twice the points), the box starts at 1015 px, as on the page.
    expect((place.left / 100) * 1190).toBeCloseTo(1015, 6);
    expect(boxStyle({ ...box, x: 0, y: 421 })).toMatchObject({ left: '0%', top: '50%' });
  });
});

describe('pageBoxes', () => {
  it('draws the value’s box and its row’s boxes on the same page', () => {
    const other = { ...box, x: 50, page: 1 };
    const elsewhere = { ...box, page: 2 };
    expect(pageBoxes(box, [other, elsewhere, undefined])).toEqual({
      page: 1,
      value: box,
      row: [other],
    });
    // A value not found: its row alone shows where it should be.
    expect(pageBoxes(undefined, [undefined, elsewhere])).toEqual({
      page: 2,
      value: null,
      row: [elsewhere],
    });
    expect(pageBoxes(undefined, [])).toBeNull();
  });
});

describe('zoomStep', () => {
  it('zooms in and out by steps, within bounds', () => {
    expect(zoomStep(1, 1)).toBe(1.5);
    expect(zoomStep(4, 1)).toBe(4);
    expect(zoomStep(1.5, -1)).toBe(1);
    expect(zoomStep(1, -1)).toBe(1);
  });
});

describe('pageImageUrlOf', () => {
  it('finds the picture of a document’s page among the pages the server drew', () => {
    const picture = (page: number) => ({
      page,
      width: 919,
      height: 1300,
      image: `/api/jobs/j/documents/pdf/pages/${page}`,
    });
    const url = pageImageUrlOf([
      {
        documentId: 'pdf',
        name: null,
        fileType: 'pdf',
        detail: { cells: [], sourceText: '', pages: [picture(1), picture(2)] },
      },
      { documentId: 'text', name: null, fileType: 'text', detail: { cells: [], sourceText: '' } },
      { documentId: 'loading', name: null, fileType: null, detail: null },
    ]);
    expect(url('pdf', 2)).toBe('/api/jobs/j/documents/pdf/pages/2');
    expect(url('pdf', 3)).toBeNull();
    expect(url('text', 1)).toBeNull();
    expect(url('loading', 1)).toBeNull();
    expect(url('other', 1)).toBeNull();
  });
});

describe('fittedZoom', () => {
  it('opens on the value’s region: a short line zoomed in, a full-width row or no box at the page', () => {
    // The value alone, 22.5 of 595 points wide: the largest step.
    expect(fittedZoom(box, [])).toBe(4);
    // A row across a third of the page: twice.
    expect(fittedZoom(box, [{ ...box, x: 330 }])).toBe(2);
    // A row from margin to margin: the whole page.
    expect(fittedZoom(box, [{ ...box, x: 40 }])).toBe(1);
    expect(fittedZoom(null, [])).toBe(1);
  });
});
