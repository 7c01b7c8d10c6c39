import { useEffect, useState } from 'react';
import { Spinner } from '../ui/spinner';

const JOKES = [
  'Why did the spreadsheet break up with the PDF? It needed more space between the lines.',
  'Counting rows… and then counting them again, just to be sure.',
  'A table walks into a bar. The bartender asks: "Will that be CSV or JSON?"',
  'Teaching columns to stand up straight…',
  'Our cells are tidier than most people’s desks.',
  'Looking for your session under the last row…',
] as const;

const JOKE_INTERVAL_MS = 3500;

/** What a protected page shows while the session loads (SPEC.md section 2): a spinner and jokes. */
export function SessionLoading() {
  const [index, setIndex] = useState(() => Math.floor(Math.random() * JOKES.length));
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((value) => (value + 1) % JOKES.length),
      JOKE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <Spinner className="size-8 text-primary" />
      <p className="font-medium">Checking your session…</p>
      <p className="max-w-md text-sm text-muted-foreground">{JOKES[index]}</p>
    </div>
  );
}
