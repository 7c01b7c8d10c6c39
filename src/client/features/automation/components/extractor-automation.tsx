import { useId } from 'react';
import type { Extractor } from '../../../../shared/extractors';
import { useAutomationSettings } from '../api/extractor-automation';
import { InboxSettings } from './inbox-settings';
import { ReviewHoldSettings } from './review-hold-settings';
import { ScheduleSettings } from './schedule-settings';
import { WebhookSettings } from './webhook-settings';

/**
 * What the extractor in use does by itself: its inbox address (mail a document to it) with the
 * reply to the sender, a web page it runs on a schedule, the webhook told when their jobs end,
 * and whether those deliveries wait for review. Loaded when an extractor is picked.
 */
export function ExtractorAutomation({ extractor }: { extractor: Extractor }) {
  const id = useId();
  const settings = useAutomationSettings();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-4 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-medium break-words">
          “{extractor.name}” on its own
        </h2>
        <p className="text-sm text-muted-foreground">
          Documents that arrive by mail or from a web page run with these columns, as jobs in your
          History, one credit each.
        </p>
      </div>
      <InboxSettings extractor={extractor} settings={settings.data} />
      <ScheduleSettings extractor={extractor} settings={settings.data} />
      <WebhookSettings extractor={extractor} />
      <ReviewHoldSettings extractor={extractor} />
    </section>
  );
}
