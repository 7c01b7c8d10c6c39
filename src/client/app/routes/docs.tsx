import { Page } from '../../components/layout/page';
import { ApiQuickStart } from '../../features/docs/components/api-quick-start';
import { AutomationSection } from '../../features/docs/components/automation-section';
import { CoercionSection } from '../../features/docs/components/coercion';
import { ColumnsSection, TemplatesSection } from '../../features/docs/components/columns';
import { DocsPhoneMenu, DocsSidebar } from '../../features/docs/components/docs-nav';
import { LimitsSection } from '../../features/docs/components/limits-section';
import { PrivacySecuritySection } from '../../features/docs/components/privacy-security';
import { RecordsSection } from '../../features/docs/components/records-section';
import {
  CommandLineQuickStart,
  WebAppQuickStart,
} from '../../features/docs/components/quick-starts';
import { ReviewSection } from '../../features/docs/components/review-section';
import { SelfHostingSection } from '../../features/docs/components/self-hosting';
import { StatusesSection } from '../../features/docs/components/statuses-section';
import { SupportSection } from '../../features/docs/components/support-section';

/**
 * /docs: the whole documentation on one page, one section per anchor (DOC_SECTIONS), with the
 * section list beside it on wide screens and as a menu at the top on phones.
 */
export function Component() {
  return (
    <Page
      title="Documentation"
      eyebrow="Docs"
      lead="How to turn documents into tables from the web app, the command line and the API, what each value becomes, and how to run Rowsmith yourself."
      className="max-w-6xl"
    >
      <DocsPhoneMenu />
      <div className="grid gap-12 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <DocsSidebar />
        <div className="min-w-0 max-w-3xl space-y-16">
          <WebAppQuickStart />
          <CommandLineQuickStart />
          <ApiQuickStart />
          <ColumnsSection />
          <TemplatesSection />
          <RecordsSection />
          <CoercionSection />
          <LimitsSection />
          <StatusesSection />
          <ReviewSection />
          <AutomationSection />
          <SelfHostingSection />
          <PrivacySecuritySection />
          <SupportSection />
        </div>
      </div>
    </Page>
  );
}
