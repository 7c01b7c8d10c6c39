import { FileImage, FileText, Files, Globe, Type } from 'lucide-react';
import type { JobDocument } from '../../../../shared/jobs';

/** What a run was made on, as an icon beside its name in words. */
export function JobIcon({
  documents,
  className,
}: {
  documents: Pick<JobDocument, 'kind' | 'file_type'>[];
  className?: string;
}) {
  const only = documents.length === 1 ? documents[0] : undefined;
  const Icon = !only
    ? Files
    : only.kind === 'url'
      ? Globe
      : only.kind === 'text'
        ? Type
        : only.file_type === 'image'
          ? FileImage
          : FileText;
  return <Icon aria-hidden="true" className={className} />;
}
