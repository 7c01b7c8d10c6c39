import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type {
  AutomationSettings,
  Extractor,
  ScheduleInterval,
} from '../../../../../shared/extractors';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { OptionsSelect } from '../../../../components/ui/select';
import { ApiError } from '../../../../lib/api-client';
import { useFocusIfLost } from '../../../../lib/use-focus-if-lost';
import {
  useRemoveSchedule,
  useRunScheduleNow,
  useSetSchedule,
} from '../../api/extractor-automation';
import { nextRunWords, runNowWords } from './schedule-words';

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

/** A web page run every hour, day or week; only rows not found before are added. */
export function ScheduleSettings({ extractor, settings }: Props) {
  const id = useId();
  const { schedule } = extractor;
  const [url, setUrl] = useState(schedule?.url ?? '');
  const [every, setEvery] = useState<ScheduleInterval>(schedule?.every ?? 'daily');
  const [removed, setRemoved] = useState(false);
  const save = useSetSchedule();
  const remove = useRemoveSchedule();
  const run = useRunScheduleNow();
  const urlRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const runRef = useRef<HTMLButtonElement>(null);
  const focusIfLost = useFocusIfLost();
  const error = messagesOf(save.error ?? remove.error ?? run.error);
  const isFull =
    !schedule && settings !== undefined && settings.schedules_in_use >= settings.max_schedules;
  const canSave = Boolean(url.trim()) && !save.isPending && !isFull;
  const submit = () => {
    if (!canSave) return;
    setRemoved(false);
    remove.reset();
    run.reset();
    // The button is disabled while it saves: a keyboard user comes back to it.
    save.mutate(
      { id: extractor.id, input: { url: url.trim(), every } },
      // A refused address: back to the field, which the message describes.
      { onSuccess: () => focusIfLost(saveRef), onError: () => focusIfLost(urlRef) },
    );
  };
  // Reads the saved page at once; the server answers when it was read less than a minute ago.
  const runNow = () => {
    save.reset();
    remove.reset();
    run.mutate({ id: extractor.id, input: null }, { onSettled: () => focusIfLost(runRef) });
  };
  const removeSchedule = () => {
    save.reset();
    run.reset();
    // Remove goes away with the schedule: focus goes to the address, to set one again.
    remove.mutate(
      { id: extractor.id, input: null },
      {
        onSuccess: () => {
          setRemoved(true);
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
      ) : removed ? (
        <p role="status" className="text-sm">
          Schedule removed: the page is not read again.
        </p>
      ) : null}
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
            type="button"
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={removeSchedule}
          >
            Remove schedule
          </Button>
        ) : null}
      </div>
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
    </div>
  );
}

function ScheduleStatus({ extractor }: { extractor: Extractor }) {
  const schedule = extractor.schedule!;
  const rowsLink = `/api/extractors/${encodeURIComponent(extractor.id)}/schedule/rows?format=csv`;
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
      {schedule.rows > 0 ? (
        <a className="underline underline-offset-2" href={rowsLink} download>
          download them as CSV
        </a>
      ) : null}
      {schedule.failures > 0
        ? ` The last ${schedule.failures === 1 ? 'run' : `${schedule.failures} runs`} failed; History says why.`
        : null}
    </p>
  );
}
