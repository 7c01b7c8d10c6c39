import { Monitor, Moon, Sun } from 'lucide-react';

/** The three choices as every theme control shows them. */
export const THEME_OPTIONS = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const;
