import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';
import { sectionTitle, type DocSectionId } from '../doc-sections';

/** Readable long-form text: headings, lists, links, inline code and tables. */
const PROSE = cn(
  'space-y-4 leading-7 text-foreground/90',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_a:not([class])]:font-medium [&_a:not([class])]:text-primary [&_a:not([class])]:underline [&_a:not([class])]:underline-offset-4',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.875em] [&_:not(pre)>code]:break-words',
);

/** One section of /docs: its anchor, its heading (from DOC_SECTIONS) and its text. */
export function DocSection({ id, children }: { id: DocSectionId; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight">
        <a href={`#${id}`} className="hover:underline focus-visible:underline">
          {sectionTitle(id)}
        </a>
      </h2>
      <div className={cn('mt-4', PROSE)}>{children}</div>
    </section>
  );
}

/** A table that scrolls sideways on its own on narrow screens (and can be focused to do so). */
export function DocTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <div
      className="my-6 overflow-x-auto rounded-lg border"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-t align-top">
              {row.map((cell, column) => (
                <td key={column} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
