import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The frame of a content page: its title (also the tab title), an optional lead, and a body. */
export function Page({
  title,
  lead,
  eyebrow,
  children,
  className,
}: {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  children: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div className={cn('mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16', className)}>
      <header className="mb-10 max-w-3xl">
        {eyebrow ? (
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-primary">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 text-lg text-muted-foreground">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}

/** Long-form text (terms, privacy, about) with readable spacing for headings, lists and links. */
export function Prose({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'max-w-3xl space-y-4 leading-7 text-foreground/90',
        '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground',
        '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground',
        '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
        className,
      )}
      {...props}
    />
  );
}
