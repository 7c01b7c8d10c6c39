import { useId, useState, type KeyboardEvent } from 'react';
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
import { formatDateTime } from '../../../../lib/format-date';
import { useRemoveSchedule, useSetSchedule } from '../../api/extractor-automation';

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

/** A web page run every hour, day or week; only rows not found before are added. */
export function ScheduleSettings({ extractor, settings }: Props) {
  const id = useId();
  const { schedule } = extractor;
  const [url, setUrl] = useState(schedule?.url ?? '');
  const [every, setEvery] = useState<ScheduleInterval>(schedule?.every ?? 'daily');
  const save = useSetSchedule();
  const remove = useRemoveSchedule();
  const error = save.error ?? remove.error;
  const isFull =
    !schedule && settings !== undefined && settings.schedules_in_use >= settings.max_schedules;
  const canSave = Boolean(url.trim()) && !save.isPending && !isFull;
  const submit = () => {
    if (canSave) save.mutate({ id: extractor.id, input: { url: url.trim(), every } });
  };
  // The panel sits inside the converter's form: Enter here saves the schedule, it does not run.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-4">
      <h4 id={`${id}-title`} className="text-sm font-medium">
        Scheduled web page
      </h4>
      <p className="text-sm text-muted-foreground">
        Read a page again and again: each run adds only the rows no earlier run found.
      </p>
      {schedule ? <ScheduleStatus extractor={extractor} /> : null}
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-url`}>Page address</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/prices"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={onEnter}
            maxLength={2048}
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
        <Button type="button" size="sm" disabled={!canSave} onClick={submit}>
          {schedule?.status === 'paused' ? 'Resume schedule' : 'Save schedule'}
        </Button>
        {schedule ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: extractor.id, input: null })}
          >
            Remove schedule
          </Button>
        ) : null}
      </div>
      {isFull ? (
        <p className="text-sm text-muted-foreground">
          You use all {settings.max_schedules} of your scheduled pages.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
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
      {schedule.next_run_at ? `; next run ${formatDateTime(schedule.next_run_at)}` : ''}.{' '}
      {schedule.rows === 1 ? '1 row' : `${schedule.rows} rows`} found so far
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
