import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The frame of every sign-in, sign-up and password page: a narrow card with the page's h1. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <CardFooter className="justify-center border-t pt-6 text-center text-sm text-muted-foreground">
            <p>{footer}</p>
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}

/** An underlined link in the auth pages' text. */
export const textLinkClass =
  'rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
