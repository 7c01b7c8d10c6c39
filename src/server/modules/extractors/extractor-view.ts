import type { Kysely } from 'kysely';
import type { Extractor, ReplyFormat } from '../../../shared/extractors';
import type { Database } from '../../db/schema';
import { inboxAddress } from '../inbox/inbox-address';
import { getSchedules } from '../schedules/get-schedules';
import type { ExtractorRecord } from './extractors.queries';

/** Extractors as the API shows them: with their inbox address, replies, webhook and schedule. */
export async function toExtractors(
  db: Kysely<Database>,
  records: ExtractorRecord[],
  inboxDomain: string,
): Promise<Extractor[]> {
  const { schedules, collected } = await getSchedules(
    db,
    records.map((record) => record.id),
  );
  return records.map((record) => ({
    id: record.id,
    name: record.name,
    columns: record.columns,
    fields: record.fields,
    rules: record.rules,
    description: record.description,
    created_at: record.created_at,
    updated_at: record.updated_at,
    inbox_address: inboxAddress(record.inbox_token ?? '', inboxDomain),
    inbox_senders: record.inbox_senders,
    inbox_is_open: record.inbox_is_open,
    reply_format: record.reply_format as ReplyFormat | null,
    hold_for_review: record.hold_for_review,
    webhook_url: record.webhook_url,
    schedule: schedules.get(record.id) ?? null,
    collected_rows: collected.get(record.id) ?? 0,
  }));
}
