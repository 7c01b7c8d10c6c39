import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog';
import { DeleteAccountDialogContent } from './delete-account-dialog';

/** The settings page's danger zone: delete the account. */
export function DangerZone() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" className="border-destructive/50">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight text-destructive">
          Danger zone
        </h2>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="max-w-prose">
          <p className="font-medium">Delete account</p>
          <p className="text-sm text-muted-foreground">
            Permanently delete your account, your credits, your extraction history and your stored
            results.
          </p>
        </div>
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete account
            </Button>
          </DialogTrigger>
          <DeleteAccountDialogContent />
        </Dialog>
      </CardContent>
    </Card>
  );
}
