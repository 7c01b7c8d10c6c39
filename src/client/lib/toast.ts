import type * as Sonner from 'sonner';

type ToastOptions = Pick<Sonner.ExternalToast, 'description'>;

let sonner: Promise<typeof Sonner> | undefined;
let isWanted = false;
const listeners = new Set<() => void>();

/** For the toaster host: whether any toast was asked for yet, and a way to hear when one is. */
export const toastDemand = {
  isWanted: () => isWanted,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

function show(kind: 'success' | 'error', message: string, options?: ToastOptions) {
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  sonner.then(
    ({ toast }) => toast[kind](message, options),
    (error: unknown) => console.warn('A notification could not be shown', message, error),
  );
}

/**
 * Toasts (sonner), loaded with the first one rather than with the page: the toaster
 * (app/providers.tsx) mounts then and shows what was asked for while it loaded. Use this, not
 * `sonner` itself, so that the toaster is there when a toast is.
 */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
