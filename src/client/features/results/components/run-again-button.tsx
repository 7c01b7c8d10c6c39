import { Columns3 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Starts editing the columns for a run again on what was already read. */
export function RunAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick}>
      <Columns3 aria-hidden="true" />
      Edit columns and run again
    </Button>
  );
}
