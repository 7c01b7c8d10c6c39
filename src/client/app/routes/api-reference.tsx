import { useOpenApiDocument } from '../../features/api-reference/api/get-openapi-document';
import { ApiReference } from '../../features/api-reference/components/api-reference';
import { Page } from '../../components/layout/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

/** /docs/api: the HTTP API reference, rendered from GET /api/openapi.json. */
export function Component() {
  const { data, error, isPending, refetch } = useOpenApiDocument();
  return (
    <Page
      title="API reference"
      eyebrow="Docs"
      lead={
        <>
          Every endpoint of the HTTP API, generated from the schemas the server validates with. The
          same description is at{' '}
          <a
            href="/api/openapi.json"
            className="font-medium text-primary underline underline-offset-4"
          >
            /api/openapi.json
          </a>{' '}
          (OpenAPI 3.1).
        </>
      }
    >
      {isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner /> Loading the API description…
        </p>
      ) : error ? (
        <Alert variant="error" role="alert" className="flex-col items-start">
          <p>{error.message}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ApiReference document={data} />
      )}
    </Page>
  );
}
