import { AppConverter } from './shared/app-converter';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /extract (signed in): a heading plus the converter (SPEC.md section 2). */
export function Component() {
  useDocumentTitle('Extract');
  return (
    <div className="grid gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">New extraction</h1>
        <p className="mt-2 text-muted-foreground">
          Each document extracted successfully uses one credit (a batch of three, three credits),
          and every run is stored, so you can download it again from your dashboard.
        </p>
      </header>
      <AppConverter />
    </div>
  );
}
