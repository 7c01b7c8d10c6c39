import { Link } from 'react-router';
import { DocSection } from './doc-section';

export function PrivacySecuritySection() {
  return (
    <DocSection id="privacy-security">
      <h3>Your documents</h3>
      <ul>
        <li>
          The text read from your document is sent to the configured model provider to extract the
          table. On the hosted service, do not upload confidential data or personal information;
          self-hosted with a local model or the offline extractor, nothing leaves your servers.
        </li>
        <li>
          Runs without an account are kept 24 hours, so that you can review, correct and download
          them, then their results, corrections and page pictures are deleted. Signing up or in from
          the same browser within that time makes them your account&apos;s, listed in History and
          kept like the rest. Signed-in results, with their corrections and page pictures, are
          stored (in the local folder or your S3 bucket) until you delete them with your account,
          and downloaded through signed links valid for one hour.
        </li>
        <li>
          Uploaded files are kept only until their job ends. What was read from them is kept 24
          hours for reruns, then deleted.
        </li>
        <li>
          Deleting your account in Settings removes its stored results, jobs, usage records,
          credits, API keys and sessions.
        </li>
      </ul>
      <h3>How the service protects itself and you</h3>
      <ul>
        <li>
          No secret reaches the browser: model and page-reader keys stay on the server, and credits
          and free runs are counted there.
        </li>
        <li>
          API keys are stored only as hashes, shown once, limited per minute, and revoked at once; a
          key cannot create or revoke keys. Passwords have at least 8 characters, and sign-in
          attempts are limited per address and per account.
        </li>
        <li>
          Requests that change something are refused when they come from another site&apos;s page.
        </li>
        <li>
          Web addresses are fetched by the server only when public: private and loopback addresses
          are refused, and every redirect is checked again.
        </li>
        <li>
          Files are parsed in separate threads with memory and time limits; zip-based files are
          measured by what they really unpack to.
        </li>
        <li>Exports neutralise spreadsheet formulas in text cells.</li>
      </ul>
      <p>
        The <Link to="/privacy">privacy policy</Link> says what we keep and why.
      </p>
    </DocSection>
  );
}
