import { AccountPageHeader } from '../../features/account/components/account-page-header';
import { DangerZone } from '../../features/account/components/danger-zone';
import { ProfileCard } from '../../features/account/components/profile-card';

/** /settings (SPEC.md section 2): the profile, and the danger zone. */
export function Component() {
  return (
    <>
      <AccountPageHeader title="Settings" description="Your profile and your account." />
      <div className="grid max-w-3xl gap-6">
        <ProfileCard />
        <DangerZone />
      </div>
    </>
  );
}
