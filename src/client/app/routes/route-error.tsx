import { AlertTriangle } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';

/** Shown when a page fails to load or render; the rest of the site keeps working. */
export function RouteError() {
  const error = useRouteError();
  const isChunkError =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkError
      ? 'A new version of Rowsmith is available. Reload the page to continue.'
      : 'Something went wrong while showing this page.';
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center"
      role="alert"
    >
      <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">This page could not be shown</h1>
      <p className="text-muted-foreground">{message}</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button variant="outline" asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
