import type { ReactNode } from 'react';
import { SITE } from '../../../shared/site';
import { Logo } from './logo';
import { SkipLink } from './skip-link';

/**
 * The frame of the signed-in pages: the sidebar on wide screens; on a phone, a bar with the
 * product name and the one menu that holds everything else.
 */
export function AppShell({
  sidebar,
  phoneMenu,
  children,
}: {
  sidebar: ReactNode;
  phoneMenu: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <div className="flex flex-1">
        {sidebar}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-4 border-b bg-background/95 px-4 backdrop-blur md:hidden">
            <Logo />
            {phoneMenu}
          </header>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 sm:px-6 md:py-8 lg:px-10">
            <div className="mx-auto w-full max-w-5xl">{children}</div>
          </main>
          <footer className="border-t px-4 py-4 text-sm text-muted-foreground sm:px-6 lg:px-10">
            © {new Date().getFullYear()} {SITE.name}. All rights reserved.
          </footer>
        </div>
      </div>
    </div>
  );
}
