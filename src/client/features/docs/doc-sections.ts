/**
 * The sections of /docs in reading order. Their ids are the page's anchors (/docs#statuses) and
 * stay stable: other pages, the README and people's bookmarks link to them.
 */
export const DOC_SECTIONS = [
  { id: 'web-app', title: 'Quick start: web app' },
  { id: 'command-line', title: 'Quick start: command line' },
  { id: 'api', title: 'Quick start: API' },
  { id: 'columns', title: 'Columns and types' },
  { id: 'templates', title: 'Templates' },
  { id: 'records', title: 'Records and rules' },
  { id: 'coercion', title: 'How values are converted' },
  { id: 'limits', title: 'Limits' },
  { id: 'statuses', title: 'Statuses and errors' },
  { id: 'review', title: 'Review, corrections and eval' },
  { id: 'automation', title: 'Inboxes, watched folders and schedules' },
  { id: 'self-hosting', title: 'Self-hosting' },
  { id: 'privacy-security', title: 'Privacy and security' },
  { id: 'support', title: 'Support' },
] as const;

export type DocSectionId = (typeof DOC_SECTIONS)[number]['id'];

export function sectionTitle(id: DocSectionId): string {
  return DOC_SECTIONS.find((section) => section.id === id)?.title ?? id;
}
