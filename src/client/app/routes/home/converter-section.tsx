import { AppConverter } from '../shared/app-converter';
import { useAuth } from '../../../lib/session';

/** The converter itself, where the home page's links to /#converter land. */
export function ConverterSection() {
  const isSignedIn = useAuth().status === 'signed-in';
  return (
    <section
      id="converter"
      aria-labelledby="converter-heading"
      className="scroll-mt-20 border-t bg-muted/40 py-16 sm:py-20"
    >
      <div className="mx-auto w-full max-w-4xl px-4 sm:px-6">
        <div className="mb-8 max-w-2xl">
          <h2 id="converter-heading" className="text-3xl font-bold tracking-tight">
            Try the converter
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Upload a file, paste some text or enter a web page address, name your columns, and run.{' '}
            {isSignedIn
              ? 'Each document extracted successfully uses one credit, and every run is kept in your history.'
              : 'Your first extractions are free, no account needed.'}
          </p>
        </div>
        <AppConverter />
      </div>
    </section>
  );
}
