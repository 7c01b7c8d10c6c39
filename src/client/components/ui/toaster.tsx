import { Toaster as Sonner } from 'sonner';

/** SPEC.md section 9: one toast visible at a time, each for 5 seconds. */
export const TOAST_DURATION_MS = 5000;

export function Toaster({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <Sonner
      theme={theme}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      position="bottom-right"
    />
  );
}
