import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EVENT_COUNT,
  eventRow,
  makeArticlePage,
  makeEventsPage,
  makeGarbageBytes,
  makeTimetablePage,
  makeWindows1252Page,
} from '../../../../../tests/fixtures/html-fixtures';
import { readerInput } from '../../../../../tests/fixtures/text-fixtures';
import { buildDocument } from '../build-document';
import { htmlToBlocks, readHtml } from './html';
import type { ReadOutput, TableData } from '../types';

const readPage = (content: string | Uint8Array, mimeType = 'text/html') =>
  readHtml(readerInput(content, { fileName: 'page.html', mimeType }));

const markdownOf = (output: ReadOutput) => buildDocument(output.blocks, 1_000_000).markdown;

function tablesOf(output: ReadOutput): TableData[] {
  return output.blocks.flatMap((block) => (block.kind === 'table' ? [block.table] : []));
}

describe('readHtml', () => {
  it('keeps the article and its table and drops menus, banners, sidebar, footer, cookies and comments', async () => {
    const output = await readPage(makeArticlePage());
    const markdown = markdownOf(output);

    expect(output.title).toBe('Ferry ridership climbs for a third year | Harbor Times');
    expect(markdown).toContain('# Ferry ridership climbs for a third year');
    expect(markdown).toContain('By Maria Lopez, 12 March 2024');
    expect(markdown).toContain(
      'figures the [Harbour Transit Authority](https://transit.example.org/reports) published on Monday.',
    );
    expect(markdown).toContain('The authority counted **4.2 million** trips in 2023');
    expect(markdown).toContain('has seen cuts to evening sailings');
    expect(tablesOf(output)).toEqual([
      {
        name: 'Annual trips by route (thousands)',
        source: 'html',
        header: ['Route', '2021', '2022', '2023'],
        rows: [
          ['North Terminal – Old Town', '1,120', '1,340', '1,910'],
          ['Old Town – Island Park', '980', '1,050', '1,130'],
          ['Island Park – South Pier', '1,010', '1,210', '1,160'],
        ],
      },
    ]);
    for (const clutter of [
      'Subscribe today',
      'Careers at Harbor Times',
      'Independent local news',
      'We use cookies',
      'Accept all',
      'Most read this week',
      'All rights reserved',
      'Privacy policy',
      'analytics',
      'float: right',
      'comments',
      'ferryfan',
      'Share on Facebook',
    ]) {
      expect(markdown).not.toContain(clutter);
    }
  });

  it('keeps an article paragraph that Readability trimmed a share widget out of', async () => {
    const html = makeArticlePage().replace(
      'halved the crossing time',
      'halved <span class="share-widget">Share</span> the crossing time',
    );
    expect(markdownOf(await readPage(html))).toContain('Officials credit the new express service');
  });

  it('keeps every row of a page that is mostly one table', async () => {
    const output = await readPage(makeEventsPage());
    const [table, ...others] = tablesOf(output);

    expect(others).toEqual([]);
    expect(table?.header).toEqual(['Date', 'Event', 'Venue', 'Price']);
    expect(table?.rows).toHaveLength(EVENT_COUNT);
    expect(table?.rows).toEqual(Array.from({ length: EVENT_COUNT }, (_, i) => eventRow(i)));
    expect(markdownOf(output)).not.toContain('Careers at Harbor Times');
  });

  it('keeps a data table that stands outside the article, in document order', async () => {
    const story = '<p>The council met on Tuesday to discuss the harbour budget. '.repeat(12);
    const html = `<html><body><div class="story"><h1>Budget night</h1>${story}</p></div>
      <div class="widget sidebar-box"><table><tr><th>Item</th><th>Cost</th></tr>
      <tr><td>Dredging</td><td>1.2m</td></tr><tr><td>Lighting</td><td>0.3m</td></tr></table></div>
      <p>Council meets again in May.</p></body></html>`;
    const output = await readPage(html);
    const kinds = output.blocks.map((block) => block.kind);

    expect(tablesOf(output)).toEqual([
      {
        name: null,
        source: 'html',
        header: ['Item', 'Cost'],
        rows: [
          ['Dredging', '1.2m'],
          ['Lighting', '0.3m'],
        ],
      },
    ]);
    expect(kinds.indexOf('table')).toBeGreaterThan(kinds.indexOf('paragraph'));
  });

  it('repeats the value of a spanning cell into every cell it covers', async () => {
    const [table] = tablesOf(await readPage(makeTimetablePage()));

    expect(table?.header).toEqual([
      'Route',
      'Weekdays First',
      'Weekdays Last',
      'Weekends First',
      'Weekends Last',
      'Operator',
    ]);
    expect(table?.rows).toEqual([
      ['North – Old Town', '06:10', '23:40', '07:30', '22:00', 'Blue Line Ferries'],
      ['Old Town – Island Park', '06:25', '23:10', 'No service', 'No service', 'Blue Line Ferries'],
      ['Island Park – South Pier', '07:00', '21:30', '08:00', '20:00', 'Harbour Boats'],
    ]);
  });

  it('reads layout tables as content and the data table inside one as a table', async () => {
    const html = `<table role="presentation"><tr><td><h2>Price list</h2><p>Valid from June.</p>
      <table><tr><th>Size</th><th>Price</th></tr><tr><td>Small</td><td>$4</td></tr></table>
      </td></tr></table>`;
    const output = await readPage(html);

    expect(output.blocks[0]).toEqual({ kind: 'heading', level: 2, text: 'Price list' });
    expect(tablesOf(output)).toEqual([
      { name: null, source: 'html', header: ['Size', 'Price'], rows: [['Small', '$4']] },
    ]);
  });

  it('decodes a windows-1252 page as its meta tag declares', async () => {
    const output = await readPage(makeWindows1252Page());

    expect(output.title).toBe('Café Lumière – menu');
    expect(markdownOf(output)).toContain('Crème brûlée costs 6,50 € and a café crème 3,20 €.');
  });

  it('honours a byte order mark and the charset of the content type', async () => {
    const utf8 = new TextEncoder().encode('<p>Zürich €</p>');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    const latin1 = Uint8Array.from('<p>Gr\u00fc\u00dfe</p>', (c) => c.charCodeAt(0));

    expect(markdownOf(await readPage(withBom))).toBe('Zürich €');
    expect(markdownOf(await readPage(latin1, 'text/html; charset=ISO-8859-1'))).toBe('Grüße');
  });

  it('gives no blocks for empty input or random bytes', async () => {
    for (const content of ['', '   \n', '<html><body><script>x()</script></body></html>']) {
      expect((await readPage(content)).blocks).toEqual([]);
    }
    expect(await readPage(makeGarbageBytes())).toEqual({ blocks: [], title: null });
  });

  it('reads fragments, unclosed tags and absurd nesting without failing', async () => {
    const unclosed = await readPage('<h2>Notes<p>First <b>bold</b><p>Second<ul><li>one<li>two');
    expect(unclosed.title).toBe(null);
    expect(markdownOf(unclosed)).toBe('## Notes\n\nFirst **bold**\n\nSecond\n\n- one\n- two');
    const stray = await readPage('<p>Open <i>italic <b>and bold</p><td>cell</td></tr>');
    expect(markdownOf(stray)).toContain('cell');

    const started = performance.now();
    const deep = await readPage(`${'<div>'.repeat(30_000)}deep text${'</div>'.repeat(30_000)}`);
    expect(markdownOf(deep)).toBe('deep text');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('reads any mix of tags without failing, keeping tables rectangular', async () => {
    const token = fc.constantFrom(
      ...'<table> </table> <tr> <td> <th> </td> <td colspan="3"> <td rowspan="0"> <p> </p>'.split(
        ' ',
      ),
      ...'<div> </div> <ul> <li> <h2> </h2> <nav> <pre> <br> <a href="x"> </a> <b> text 42 & <'.split(
        ' ',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 60 }), async (tokens) => {
        const output = await readPage(tokens.join(''));
        for (const table of tablesOf(output)) {
          const width = table.rows[0]?.length ?? table.header.length;
          expect(table.rows.every((row) => row.length === width)).toBe(true);
          if (table.header.length > 0) expect(table.header).toHaveLength(width);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('takes the first heading as title when the page has no <title>', async () => {
    const output = await readPage('<h1>Opening hours</h1><p>Mon–Fri 9–17</p>');
    expect(output.title).toBe('Opening hours');
  });
});

describe('htmlToBlocks', () => {
  it('turns content into blocks in order, with every table kept when asked', () => {
    const blocks = htmlToBlocks(
      `<h3>Contacts</h3><ol><li>Call <a href="tel:+4722">the desk</a></li><li>Write</li></ol>
       <pre>GET /status\n  200 OK</pre><dl><dt>Phone</dt><dd>+47 22 00 00 00</dd></dl>
       <table><tr><td>only one cell</td></tr></table>`,
      { tableSource: 'docx', isEveryTableData: true },
    );

    expect(blocks).toEqual([
      { kind: 'heading', level: 3, text: 'Contacts' },
      { kind: 'list', isOrdered: true, items: ['Call [the desk](tel:+4722)', 'Write'] },
      { kind: 'code', text: 'GET /status\n  200 OK' },
      { kind: 'list', isOrdered: false, items: ['Phone: +47 22 00 00 00'] },
      {
        kind: 'table',
        table: { name: null, source: 'docx', header: [], rows: [['only one cell']] },
      },
    ]);
  });
});
