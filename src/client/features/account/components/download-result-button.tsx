import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDownloadResult } from '../hooks/use-download-result';

/** Downloads the stored JSON of one run; its name says which run, for screen readers. */
export function DownloadResultButton({
  usageId,
  dateLabel,
}: {
  usageId: string;
  dateLabel: string;
}) {
  const download = useDownloadResult();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => download.mutate(usageId)}
      disabled={download.isPending}
      aria-label={`Download result from ${dateLabel}`}
    >
      {download.isPending ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
      Download
    </Button>
  );
}
