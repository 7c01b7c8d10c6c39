import { useId, useState } from 'react';
import type { Extractor } from '../../../../shared/extractors';
import { useSetAutomation } from '../api/extractor-automation';

/**
 * Whether the reply and the webhook of a job the inbox or the schedule made wait, when some of
 * its values are flagged, until a person has accepted or corrected each (issue 32 point 3).
 */
export function ReviewHoldSettings({ extractor }: { extractor: Extractor }) {
  const id = useId();
  const save = useSetAutomation();
  const [done, setDone] = useState<string | null>(null);
  const change = (isHeld: boolean) => {
    setDone(null);
    save.mutate(
      { id: extractor.id, input: { hold_for_review: isHeld } },
      {
        onSuccess: (updated) =>
          setDone(
            updated.hold_for_review
              ? 'Replies and webhooks now wait for review.'
              : 'Replies and webhooks now go when a job ends.',
          ),
      },
    );
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-4">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Review before delivery
      </h3>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-input`}
          type="checkbox"
          role="switch"
          checked={
            save.isPending
              ? (save.variables.input.hold_for_review ?? false)
              : extractor.hold_for_review
          }
          disabled={save.isPending}
          onChange={(event) => change(event.target.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <div className="grid gap-1">
          <label htmlFor={`${id}-input`} className="text-sm leading-tight font-medium">
            Hold replies and webhooks until flagged values are reviewed
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            A job with values flagged for review shows “Waiting for review” in History; its reply,
            webhook and scheduled rows go, with your corrections, once each flagged value is
            accepted or corrected. A job with nothing flagged is delivered at once.
          </p>
        </div>
      </div>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {done}
      </p>
      {save.error ? (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
