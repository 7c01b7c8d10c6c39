import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  applyTheme,
  readSavedTheme,
  resolveTheme,
  saveTheme,
  watchSystemTheme,
  type ResolvedTheme,
  type ThemeChoice,
} from '../theme';

type ThemeContextValue = {
  choice: ThemeChoice;
  resolved: ResolvedTheme;
  setChoice: (choice: ThemeChoice) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(readSavedTheme);
  const [resolved, setResolved] = useState<ResolvedTheme>(() => resolveTheme(choice));

  useEffect(() => {
    const update = () => {
      const next = resolveTheme(choice);
      applyTheme(next);
      setResolved(next);
    };
    update();
    // System follows the operating system live; an explicit choice ignores it.
    return choice === 'system' ? watchSystemTheme(update) : undefined;
  }, [choice]);

  const setChoice = useCallback((next: ThemeChoice) => {
    saveTheme(next);
    setChoiceState(next);
  }, []);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = use(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
