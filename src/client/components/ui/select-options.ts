/** One choice of a select: the value it stands for and the text it shows. */
export type SelectOption = { value: string; label: string };

/** The look of a select's trigger, shared by the Radix trigger and its stand-in (lazy-select). */
export const SELECT_TRIGGER_CLASS =
  'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-1 text-left text-sm shadow-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground [&>span]:truncate';

/**
 * The option a letter typed on a closed select moves to, as Radix's typeahead picks it: the next
 * option after the current one whose label starts with the letter (wrapping round), or nothing
 * when no other option does.
 */
export function findNextOption(
  options: readonly SelectOption[],
  current: string,
  letter: string,
): SelectOption | undefined {
  const start = Math.max(
    options.findIndex((option) => option.value === current),
    0,
  );
  const wrapped = [...options.slice(start), ...options.slice(0, start)];
  const search = letter.toLowerCase();
  return wrapped.find(
    (option) => option.value !== current && option.label.toLowerCase().startsWith(search),
  );
}
