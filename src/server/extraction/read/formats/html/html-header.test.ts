import { describe, expect, it } from 'vitest';
import { htmlToBlocks } from '../html';

const tableOf = (html: string) => {
  const [block] = htmlToBlocks(html);
  return block?.kind === 'table' ? { header: block.table.header, rows: block.table.rows } : null;
};

describe('header rows of HTML tables without thead', () => {
  it('takes a first row of bold cells as the header', () => {
    const html =
      '<table><tr><td><b>City</b></td><td><b>Population</b></td></tr>' +
      '<tr><td>Oslo</td><td>709,000</td></tr><tr><td>Bergen</td><td>291,000</td></tr></table>';

    expect(tableOf(html)).toEqual({
      header: ['City', 'Population'],
      rows: [
        ['Oslo', '709,000'],
        ['Bergen', '291,000'],
      ],
    });
  });

  it('combines two header rows with merged cells into one name per column', () => {
    const html =
      '<table><tr><td rowspan="2">Region</td><td colspan="2">2023</td></tr>' +
      '<tr><td>Revenue</td><td>Cost</td></tr><tr><td>North</td><td>48,160</td><td>31,302</td></tr></table>';

    expect(tableOf(html)).toEqual({
      header: ['Region', '2023 Revenue', '2023 Cost'],
      rows: [['North', '48,160', '31,302']],
    });
  });

  it('takes a plain first row as the header, but not one that holds figures', () => {
    const named =
      '<table><tr><td>Name</td><td>Team</td></tr><tr><td>Ada</td><td>Research</td></tr></table>';
    const figures =
      '<table><tr><td>Total</td><td>1,674.99</td></tr><tr><td>Paid</td><td>500.00</td></tr></table>';

    expect(tableOf(named)?.header).toEqual(['Name', 'Team']);
    expect(tableOf(figures)).toEqual({
      header: [],
      rows: [
        ['Total', '1,674.99'],
        ['Paid', '500.00'],
      ],
    });
  });
});
