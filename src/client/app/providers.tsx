import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ThemeProvider, useTheme } from '../features/theme/hooks/use-theme';
import { createQueryClient } from '../lib/query-client';
import { toastDemand } from '../lib/toast';

const Toaster = lazy(() =>
  import('../components/ui/toaster').then((m) => ({ default: m.Toaster })),
);

/**
 * The toaster, mounted (and its code loaded) once the first toast is asked for. It goes straight
 * into <body>: a modal dialog that is already open hides the rest of the page from assistive
 * technology, and a toaster arriving inside that hidden part would be hidden too.
 */
function ThemedToaster() {
  const { resolved } = useTheme();
  const isWanted = useSyncExternalStore(toastDemand.subscribe, toastDemand.isWanted);
  if (!isWanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster theme={resolved} />
    </Suspense>,
    document.body,
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
