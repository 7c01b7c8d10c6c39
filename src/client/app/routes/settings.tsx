import { AccountPageHeader } from '../../features/account/components/account-page-header';
import { ApiKeysCard } from '../../features/api-keys/components/api-keys-card';
import { WebhookSecretCard } from '../../features/api-keys/components/webhook-secret-card';
import { DangerZone } from '../../features/account/components/danger-zone';
import { ProfileCard } from '../../features/account/components/profile-card';
import { ChangePasswordCard } from '../../features/auth/components/change-password-card';

/** /settings (SPEC.md section 2): the profile, the password, API keys, and the danger zone. */
export function Component() {
  return (
    <>
      <AccountPageHeader
        title="Settings"
        description="Your profile, password, API keys and account."
      />
      <div className="grid max-w-3xl gap-6">
        <ProfileCard />
        <ChangePasswordCard />
        <ApiKeysCard />
        <WebhookSecretCard />
        <DangerZone />
      </div>
    </>
  );
}
