import { Clock, Mail } from 'lucide-react';
import { SITE } from '../../../shared/site';
import { Page } from '../../components/layout/page';
import { Card, CardContent } from '../../components/ui/card';
import { ContactForm } from '../../features/contact/components/contact-form';

export function Component() {
  return (
    <Page
      title="Contact us"
      eyebrow="Contact"
      lead="Questions about an extraction, a bug, self-hosting or a larger plan? Write to us and a person will answer."
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_18rem]">
        <Card>
          <CardContent className="pt-6">
            <ContactForm />
          </CardContent>
        </Card>
        <aside className="space-y-6 text-sm" aria-label="Other ways to reach us">
          <div className="flex gap-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h2 className="font-semibold">Email</h2>
              <p className="mt-1 text-muted-foreground">
                Prefer your own mail client? Write to{' '}
                <a
                  className="font-medium text-primary underline underline-offset-4"
                  href={`mailto:${SITE.supportEmail}`}
                >
                  {SITE.supportEmail}
                </a>
                .
              </p>
            </div>
          </div>
          <div className="flex gap-3">
            <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h2 className="font-semibold">When we answer</h2>
              <p className="mt-1 text-muted-foreground">
                Usually within two working days. Please don't send confidential documents here;
                describe the problem and we'll ask for what we need.
              </p>
            </div>
          </div>
        </aside>
      </div>
    </Page>
  );
}
