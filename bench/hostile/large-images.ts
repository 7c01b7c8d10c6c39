// Four people send a 140 KB PNG of 36 megapixels at the same moment: each decodes to 144 MB of
// pixels, so the process's peak shows whether decoded pixels are budgeted.
import { makeLargeBlankPng } from '../../tests/fixtures/hostile-png-fixtures';
import { peakMemoryMb, timed, type BenchServer, type Timed } from '../support/bench-server';

const SENDERS = 4;

export type LargeImageFigures = { idlePeakMb: number; peakMb: number; answers: Timed[] };

export async function runLargeImages(server: BenchServer): Promise<LargeImageFigures> {
  const png = makeLargeBlankPng();
  const idlePeakMb = await peakMemoryMb(server.process.pid!);
  const answers = await Promise.all(
    Array.from({ length: SENDERS }, () => {
      const form = new FormData();
      form.set('file', new File([Buffer.from(png)], 'scan.png', { type: 'image/png' }));
      return timed(() =>
        fetch(`${server.base}/api/documents/read`, { method: 'POST', body: form }),
      );
    }),
  );
  return { idlePeakMb, peakMb: await peakMemoryMb(server.process.pid!), answers };
}

export const LARGE_IMAGES = { senders: SENDERS, bytes: makeLargeBlankPng().length };
