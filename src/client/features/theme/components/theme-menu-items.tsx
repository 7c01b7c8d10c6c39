import {
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from '../../../components/ui/dropdown-menu';
import { useTheme } from '../hooks/use-theme';
import { isThemeChoice } from '../theme';
import { THEME_OPTIONS } from '../theme-options';

/** Light, Dark and System as radio items of a dropdown menu (the theme or the account menu). */
export function ThemeMenuItems() {
  const { choice, setChoice } = useTheme();
  return (
    <>
      <DropdownMenuLabel>Theme</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={choice}
        onValueChange={(value) => {
          if (isThemeChoice(value)) setChoice(value);
        }}
      >
        {THEME_OPTIONS.map(({ value, label, Icon }) => (
          <DropdownMenuRadioItem key={value} value={value}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
