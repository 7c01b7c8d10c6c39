import { LifeBuoy, Mail, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { SITE } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';
import { DocSection } from './doc-section';

export function SupportSection() {
  return (
    <DocSection id="support">
      <div className="flex gap-3 rounded-lg border bg-muted/30 p-5">
        <LifeBuoy className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 space-y-4">
          <p>
            Tell us what you are trying to extract and what happened; for the API, include the{' '}
            <code>X-Request-Id</code> of the answer. A person reads every message.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <a href={`mailto:${SITE.supportEmail}`}>
                <Mail aria-hidden="true" />
                Email support
              </a>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/contact">
                <MessageSquare aria-hidden="true" />
                Use the contact form
              </Link>
            </Button>
          </div>
          <p className="text-sm break-words text-muted-foreground">
            Our address is <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
          </p>
        </div>
      </div>
    </DocSection>
  );
}
