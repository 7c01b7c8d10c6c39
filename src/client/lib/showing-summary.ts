const count = new Intl.NumberFormat('en-US');

/**
 * What a page of a longer list really shows (PRODUCT.md section 3): 'Showing 11–20 of 57 rows',
 * 'Showing 1–1 of 1 row', 'Showing 0 of 0 runs'. `offset` is the 0-based index of the first item.
 */
export function showingSummary(offset: number, shown: number, total: number, noun: string) {
  const of = `of ${count.format(total)} ${total === 1 ? noun : `${noun}s`}`;
  if (total === 0 || shown === 0) return `Showing 0 ${of}`;
  return `Showing ${count.format(offset + 1)}–${count.format(offset + shown)} ${of}`;
}
