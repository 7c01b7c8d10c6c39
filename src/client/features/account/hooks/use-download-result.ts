import { useMutation } from '@tanstack/react-query';
import type { DownloadLink } from '../../../../shared/account';
import { toast } from '../../../lib/toast';
import { getDownloadLink } from '../api/get-download-link';

/** Hands a signed link to the browser's download manager. */
function saveLink(link: DownloadLink) {
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.file_name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Asks for a fresh link to a stored result and downloads it. */
export function useDownloadResult() {
  return useMutation({
    mutationFn: getDownloadLink,
    onSuccess: saveLink,
    onError: (error) =>
      toast.error('Error', { description: `The download did not start. ${error.message}` }),
  });
}
