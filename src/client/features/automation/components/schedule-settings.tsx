import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type {
  AutomationSettings,
  Extractor,
  ScheduleInterval,
} from '../../../../shared/extractors';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { OptionsSelect } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost';
import { useRemoveSchedule, useRunScheduleNow, useSetSchedule } from '../api/extractor-automation';
import { nextRunWords, runNowWords } from '../utils/schedule-words';

const EVERY_OPTIONS = [
  { value: 'hourly', label: 'Every hour' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
] as const;

const EVERY_WORDS: Record<ScheduleInterval, string> = {
  hourly: 'every hour',
  daily: 'every day',
  weekly: 'every week',
};

type Props = { extractor: Extractor; settings: AutomationSettings | undefined };

/**
 * The server's words about the address (a malformed one, or one refused: private, unknown…),
 * shown as the field's message; else the error's.
 */
function messagesOf(error: Error | null): { url: string | null; other: string | null } {
  if (!error) return { url: null, other: null };
  if (!(error instanceof ApiError)) return { url: null, other: error.message };
  const url =
    error.fieldErrors().url ?? (error.code === 'SCHEDULE_URL_REFUSED' ? error.message : null);
  return url ? { url, other: null } : { url: null, other: error.message };
}

const rowsWords = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

const sameKeys = (a: string[], b: string[]) =>
  a.length === b.length && a.every((name) => b.includes(name));

/**
 * A web page run every hour, day or week; only rows not found before are added, and a row whose
 * key columns match a collected row updates it. Remove asks first and keeps the collected rows;
 * a new address asks whether to start a new collection.
 */
export function ScheduleSettings({ extractor, settings }: Props) {
  const id = useId();
  const { schedule } = extractor;
  const collected = extractor.collected_rows;
  const [url, setUrl] = useState(schedule?.url ?? '');
  const [every, setEvery] = useState<ScheduleInterval>(schedule?.every ?? 'daily');
  const [keys, setKeys] = useState<string[]>(schedule?.key_columns ?? []);
  const [asking, setAsking] = useState<'remove' | 'collection' | null>(null);
  const [done, setDone] = useState<'removed' | 'unchanged' | null>(null);
  const save = useSetSchedule();
  const remove = useRemoveSchedule();
  const run = useRunScheduleNow();
  const urlRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const runRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const focusIfLost = useFocusIfLost();
  const error = messagesOf(save.error ?? remove.error ?? run.error);
  const isFull =
    !schedule && settings !== undefined && settings.schedules_in_use >= settings.max_schedules;
  const canSave = Boolean(url.trim()) && !save.isPending && !isFull;
  const isUnchanged =
    schedule !== null &&
    schedule.status === 'active' &&
    url.trim() === schedule.url &&
    every === schedule.every &&
    sameKeys(keys, schedule.key_columns);
  const reset = () => {
    setDone(null);
    save.reset();
    remove.reset();
    run.reset();
  };
  const saveSchedule = (newCollection: boolean) => {
    setAsking(null);
    // The button is disabled while it saves: a keyboard user comes back to it.
    save.mutate(
      {
        id: extractor.id,
        input: { url: url.trim(), every, key_columns: keys, new_collection: newCollection },
      },
      {
        // The server keeps the address as it reads it (a host in lower case, say).
        onSuccess: (saved) => {
          if (saved.schedule) setUrl(saved.schedule.url);
          focusIfLost(saveRef);
        },
        // A refused address: back to the field, which the message describes.
        onError: () => focusIfLost(urlRef),
      },
    );
  };
  const submit = () => {
    if (!canSave) return;
    reset();
    if (isUnchanged) setDone('unchanged');
    // Another page's rows would mix with the ones collected: the user says which they want.
    else if (collected > 0 && url.trim() !== schedule?.url) setAsking('collection');
    else saveSchedule(false);
  };
  // Reads the saved page at once; the server answers when it was read less than a minute ago.
  const runNow = () => {
    reset();
    run.mutate({ id: extractor.id, input: null }, { onSettled: () => focusIfLost(runRef) });
  };
  const removeSchedule = () => {
    setAsking(null);
    // Remove goes away with the schedule: focus goes to the address, to set one again.
    remove.mutate(
      { id: extractor.id, input: null },
      {
        onSuccess: () => {
          setDone('removed');
          focusIfLost(urlRef);
        },
      },
    );
  };
  const errorId = `${id}-error`;
  // The panel sits inside the converter's form: Enter here saves the schedule, it does not run.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-4">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Scheduled web page
      </h3>
      <p className="text-sm text-muted-foreground">
        Read a page again and again: each run adds only the rows no earlier run found.
      </p>
      {schedule ? (
        <ScheduleStatus extractor={extractor} />
      ) : done === 'removed' ? (
        <p role="status" className="text-sm">
          Schedule removed: the page is not read again.
        </p>
      ) : null}
      {!schedule && collected > 0 ? <CollectedRows extractor={extractor} /> : null}
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-url`}>Page address</Label>
          <Input
            ref={urlRef}
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/prices"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              save.reset();
              setDone(null);
            }}
            onKeyDown={onEnter}
            maxLength={2048}
            aria-invalid={error.url ? true : undefined}
            aria-describedby={error.url ? errorId : undefined}
          />
        </div>
        <OptionsSelect
          aria-label="How often"
          value={every}
          options={EVERY_OPTIONS}
          onValueChange={(value) => setEvery(value as ScheduleInterval)}
          className="w-40"
        />
      </div>
      {extractor.columns.length > 0 ? (
        <KeyColumns extractor={extractor} keys={keys} onChange={setKeys} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button ref={saveRef} type="button" size="sm" disabled={!canSave} onClick={submit}>
          {schedule?.status === 'paused' ? 'Resume schedule' : 'Save schedule'}
        </Button>
        {schedule ? (
          <Button
            ref={runRef}
            type="button"
            size="sm"
            variant="outline"
            disabled={run.isPending}
            onClick={runNow}
          >
            Run now
          </Button>
        ) : null}
        {schedule ? (
          <Button
            ref={removeRef}
            type="button"
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={() => {
              reset();
              setAsking('remove');
            }}
          >
            Remove schedule
          </Button>
        ) : null}
      </div>
      {done === 'unchanged' ? (
        <p role="status" className="text-sm">
          Nothing changed: the schedule stays as it was, and nothing was run.
        </p>
      ) : null}
      {run.data ? (
        <p role="status" className="text-sm">
          {runNowWords(run.data)}
        </p>
      ) : null}
      {isFull ? (
        <p className="text-sm text-muted-foreground">
          You use all {settings.max_schedules} of your scheduled pages: remove one from another
          extractor to schedule this one.
        </p>
      ) : null}
      {(error.url ?? error.other) ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error.url ?? error.other}
        </p>
      ) : null}
      {asking === 'remove' ? (
        <AskDialog
          title="Remove the schedule?"
          onCancel={() => setAsking(null)}
          returnTo={removeRef}
          actions={
            <Button type="button" variant="destructive" onClick={removeSchedule}>
              Remove schedule
            </Button>
          }
        >
          The page is not read again.
          {collected > 0
            ? ` The ${rowsWords(collected)} it collected stay here to download until you delete the extractor.`
            : null}
        </AskDialog>
      ) : null}
      {asking === 'collection' ? (
        <AskDialog
          title="Start a new collection?"
          onCancel={() => setAsking(null)}
          returnTo={saveRef}
          actions={
            <>
              <Button type="button" variant="outline" onClick={() => saveSchedule(false)}>
                Add to the {rowsWords(collected)}
              </Button>
              <Button type="button" variant="destructive" onClick={() => saveSchedule(true)}>
                Start a new collection
              </Button>
            </>
          }
        >
          This extractor has collected {rowsWords(collected)} from another page address. The new
          page’s rows can be added to them, or the collection can start again without them.
        </AskDialog>
      ) : null}
    </div>
  );
}

/** The columns that identify a row: a later row with the same key updates the collected one. */
function KeyColumns({
  extractor,
  keys,
  onChange,
}: {
  extractor: Extractor;
  keys: string[];
  onChange: (keys: string[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-1" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">Key columns (optional)</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        A row whose key a run found before updates that row instead of being added again: choose a
        column such as an order or transaction number. Without one, a row counts as new unless every
        value matches.
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {extractor.columns.map((column) => (
          <label key={column.name} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={keys.includes(column.name)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...keys, column.name]
                    : keys.filter((name) => name !== column.name),
                )
              }
              className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            {column.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A question before a change that cannot be taken back: Cancel (or Escape) keeps everything, and
 * the focus goes back to the button that asked (the dialog opens from state, not from a trigger
 * Radix knows).
 */
function AskDialog({
  title,
  children,
  actions,
  onCancel,
  returnTo,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onCancel: () => void;
  returnTo: RefObject<HTMLButtonElement | null>;
}) {
  const backToButton = (event: Event) => {
    if (!returnTo.current) return;
    event.preventDefault();
    returnTo.current.focus();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent onCloseAutoFocus={backToButton}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{children}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          {actions}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The rows a removed schedule collected, still there to download. */
function CollectedRows({ extractor }: { extractor: Extractor }) {
  return (
    <p className="text-sm">
      {rowsWords(extractor.collected_rows)} collected by its schedule:{' '}
      <RowsDownloads extractor={extractor} />
    </p>
  );
}

const rowsLinkOf = (extractor: Extractor, format: 'csv' | 'xlsx' | 'json') =>
  `/api/extractors/${encodeURIComponent(extractor.id)}/schedule/rows?format=${format}`;

/** "download them as CSV, XLSX or JSON", each format a link, as a job's downloads offer. */
function RowsDownloads({ extractor }: { extractor: Extractor }) {
  const link = 'underline underline-offset-2';
  return (
    <>
      <a className={link} href={rowsLinkOf(extractor, 'csv')} download>
        download them as CSV
      </a>
      ,{' '}
      <a
        className={link}
        href={rowsLinkOf(extractor, 'xlsx')}
        download
        aria-label="download them as XLSX"
      >
        XLSX
      </a>{' '}
      or{' '}
      <a
        className={link}
        href={rowsLinkOf(extractor, 'json')}
        download="rowsmith-schedule.json"
        aria-label="download them as JSON"
      >
        JSON
      </a>
    </>
  );
}

/** Rows of runs held for review (hold_for_review), and where to review them. */
function HeldRows({ count }: { count: number }) {
  const one = count === 1;
  return (
    <>
      {` ${count} more row${one ? ' waits' : 's wait'} for your review of the run that found ${one ? 'it' : 'them'} in `}
      <Link className="underline underline-offset-2" to="/history">
        History
      </Link>
      {`: ${one ? 'it joins' : 'they join'} these once each flagged value is accepted or corrected.`}
    </>
  );
}

function ScheduleStatus({ extractor }: { extractor: Extractor }) {
  const schedule = extractor.schedule!;
  if (schedule.status === 'paused')
    return (
      <Alert variant="warning" role="status">
        <p>{schedule.paused_reason ?? 'This schedule is paused.'}</p>
        <p>Save it again to resume it.</p>
      </Alert>
    );
  return (
    <p role="status" className="text-sm">
      Runs {EVERY_WORDS[schedule.every]}
      {nextRunWords(schedule)}. {schedule.rows === 1 ? '1 row' : `${schedule.rows} rows`} found so
      far
      {schedule.rows > 0 ? ': ' : '.'}
      {schedule.rows > 0 ? <RowsDownloads extractor={extractor} /> : null}
      {schedule.rows_waiting_for_review > 0 ? (
        <HeldRows count={schedule.rows_waiting_for_review} />
      ) : null}
      {schedule.failures > 0
        ? ` The last ${schedule.failures === 1 ? 'run' : `${schedule.failures} runs`} failed; History says why.`
        : null}
    </p>
  );
}
