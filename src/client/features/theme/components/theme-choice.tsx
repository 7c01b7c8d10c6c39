import { useTheme } from '../hooks/use-theme';
import { THEME_OPTIONS } from '../theme-options';

/** Light, Dark and System as three radio buttons side by side, for a panel rather than a menu. */
export function ThemeChoice() {
  const { choice, setChoice } = useTheme();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Theme</legend>
      <div className="grid grid-cols-3 gap-1 rounded-md border bg-muted p-1">
        {THEME_OPTIONS.map(({ value, label, Icon }) => (
          <label
            key={value}
            className="relative flex cursor-pointer flex-col items-center justify-center gap-1 rounded-sm px-1 py-2 text-xs font-medium text-muted-foreground has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring [&_svg]:size-4"
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-sm opacity-0"
            />
            <Icon aria-hidden="true" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
