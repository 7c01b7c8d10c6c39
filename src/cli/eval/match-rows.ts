// Which extracted row is which reference row. Rows are matched by their cells, not their places:
// first the best alignment in order (the order-keeping pairing that agrees on the most cells,
// where a reference row may be missing and an extracted row extra, as sequence alignment does),
// then rows left over are paired by their cells whatever their order (a table sorted otherwise).
// Two rows are the same row only when at least half their compared cells agree.

/** Each row's cell keys, one per compared column, in the same column order on both sides. */
export type KeyedRow = string[];

export type RowMatch = {
  /** Reference row index → extracted row index, for matched rows. */
  pairs: { reference: number; extracted: number }[];
  /** Reference rows no extracted row matched. */
  missing: number[];
  /** Extracted rows that match no reference row. */
  extra: number[];
};

/** Cells two rows agree on (blank with blank included), or 0 when too few to be one row. */
export function agreement(a: KeyedRow, b: KeyedRow): number {
  let same = 0;
  for (let column = 0; column < a.length; column++) if (a[column] === b[column]) same++;
  return same >= Math.max(1, Math.ceil(a.length / 2)) ? same : 0;
}

const KEEP = 0;
const SKIP_EXTRACTED = 1;
const SKIP_REFERENCE = 2;

/** The order-keeping pairing with the most agreeing cells (dynamic programming, E × R). */
function alignInOrder(extracted: KeyedRow[], reference: KeyedRow[]) {
  const width = reference.length + 1;
  const best = new Int32Array((extracted.length + 1) * width);
  const step = new Uint8Array((extracted.length + 1) * width);
  for (let e = 0; e <= extracted.length; e++) {
    for (let r = 0; r <= reference.length; r++) {
      if (e === 0 && r === 0) continue;
      const at = e * width + r;
      let value = -1;
      if (e > 0 && r > 0) {
        const same = agreement(extracted[e - 1]!, reference[r - 1]!);
        if (same > 0) [value, step[at]] = [best[at - width - 1]! + same, KEEP];
      }
      if (e > 0 && best[at - width]! > value)
        [value, step[at]] = [best[at - width]!, SKIP_EXTRACTED];
      if (r > 0 && best[at - 1]! > value) [value, step[at]] = [best[at - 1]!, SKIP_REFERENCE];
      best[at] = value;
    }
  }
  const pairs: RowMatch['pairs'] = [];
  for (let e = extracted.length, r = reference.length; e > 0 || r > 0;) {
    const move = step[e * width + r];
    if (e > 0 && r > 0 && move === KEEP) pairs.push({ extracted: --e, reference: --r });
    else if (e > 0 && (r === 0 || move === SKIP_EXTRACTED)) e--;
    else r--;
  }
  return pairs.reverse();
}

/** Rows left by the alignment, paired best first (ties: the nearer in order). */
function pairLeftovers(
  extracted: KeyedRow[],
  reference: KeyedRow[],
  left: { extracted: number[]; reference: number[] },
) {
  const candidates: { extracted: number; reference: number; same: number }[] = [];
  for (const e of left.extracted)
    for (const r of left.reference) {
      const same = agreement(extracted[e]!, reference[r]!);
      if (same > 0) candidates.push({ extracted: e, reference: r, same });
    }
  candidates.sort(
    (a, b) =>
      b.same - a.same || Math.abs(a.extracted - a.reference) - Math.abs(b.extracted - b.reference),
  );
  const taken = { extracted: new Set<number>(), reference: new Set<number>() };
  return candidates.filter((pair) => {
    if (taken.extracted.has(pair.extracted) || taken.reference.has(pair.reference)) return false;
    taken.extracted.add(pair.extracted);
    taken.reference.add(pair.reference);
    return true;
  });
}

/** Pairs extracted rows with reference rows; the rest are missing (reference) or extra (extracted). */
export function matchRows(extracted: KeyedRow[], reference: KeyedRow[]): RowMatch {
  const aligned = alignInOrder(extracted, reference);
  const inPairs = (
    pairs: { extracted: number; reference: number }[],
    side: 'extracted' | 'reference',
  ) => new Set(pairs.map((pair) => pair[side]));
  const unpaired = (rows: KeyedRow[], paired: Set<number>) =>
    rows.map((_, index) => index).filter((index) => !paired.has(index));
  const left = {
    extracted: unpaired(extracted, inPairs(aligned, 'extracted')),
    reference: unpaired(reference, inPairs(aligned, 'reference')),
  };
  const pairs = [...aligned, ...pairLeftovers(extracted, reference, left)]
    .map(({ extracted: e, reference: r }) => ({ reference: r, extracted: e }))
    .sort((a, b) => a.reference - b.reference);
  return {
    pairs,
    missing: unpaired(reference, inPairs(pairs, 'reference')),
    extra: unpaired(extracted, inPairs(pairs, 'extracted')),
  };
}
