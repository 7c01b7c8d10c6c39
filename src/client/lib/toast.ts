import type * as Sonner from 'sonner';

type ToastOptions = Pick<Sonner.ExternalToast, 'description'> & {
  /** The flow the toast belongs to: a later toast of the flow replaces it (TOAST_FLOWS). */
  id?: ToastFlow;
};

/**
 * One id per flow: a flow's next toast replaces its earlier one, so a success takes the place
 * of the errors before it, and a flow that succeeds without a toast dismisses them.
 */
export const TOAST_FLOWS = {
  /** Sign-in, sign-up, the reset link and the new password: getting into the account. */
  accountAccess: 'account-access',
  deleteAccount: 'delete-account',
  signOut: 'sign-out',
  contact: 'contact',
  suggestColumns: 'suggest-columns',
  tableExport: 'table-export',
} as const;
export type ToastFlow = (typeof TOAST_FLOWS)[keyof typeof TOAST_FLOWS];

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
  /** Closes the flow's toast, if one was shown: the flow succeeded without a toast of its own. */
  dismiss: (flow: ToastFlow) => {
    sonner?.then(
      ({ toast: sonnerToast }) => sonnerToast.dismiss(flow),
      () => undefined,
    );
  },
};
