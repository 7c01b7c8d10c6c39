import { BookOpen, House, LayoutGrid, Mail } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Page } from '../../components/layout/page';

const DESTINATIONS: readonly { to: string; label: string; text: string; Icon: LucideIcon }[] = [
  { to: '/', label: 'Home page', text: 'Start again from the beginning.', Icon: House },
  {
    to: '/use-cases',
    label: 'Use cases',
    text: 'What people turn into tables.',
    Icon: LayoutGrid,
  },
  {
    to: '/docs',
    label: 'Documentation',
    text: 'A quick start and how to get help.',
    Icon: BookOpen,
  },
  {
    to: '/contact',
    label: 'Contact',
    text: 'Tell us which link brought you here.',
    Icon: Mail,
  },
];

export function Component() {
  const { pathname, search } = useLocation();
  const requested = `${pathname}${search}`;
  return (
    <Page
      title="Page not found"
      eyebrow="Error 404"
      lead={
        <>
          There is no page at{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-base break-all text-foreground">
            {requested}
          </code>
          . The address may be mistyped, or the page may have moved.
        </>
      }
    >
      <nav aria-labelledby="not-found-links-heading">
        <h2 id="not-found-links-heading" className="text-xl font-semibold">
          Where would you like to go?
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {DESTINATIONS.map(({ to, label, text, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full min-w-0 gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:border-primary hover:bg-accent"
              >
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block font-semibold text-primary underline-offset-4 group-hover:underline">
                    {label}
                  </span>
                  <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}
