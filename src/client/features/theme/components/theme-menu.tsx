import { Moon, Sun } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LazyPopup } from '../../../components/ui/lazy-popup';
import { useTheme } from '../hooks/use-theme';

const loadThemeMenu = () => import('./theme-menu-popup').then((m) => m.ThemeMenuPopup);

/** The header's theme button: Light, Dark or System, in a menu that loads on first use. */
export function ThemeMenu() {
  const { resolved } = useTheme();
  const CurrentIcon = resolved === 'dark' ? Moon : Sun;
  return (
    <LazyPopup
      kind="menu"
      load={loadThemeMenu}
      props={{}}
      trigger={
        <Button variant="ghost" size="icon" aria-label="Theme">
          <CurrentIcon aria-hidden="true" />
        </Button>
      }
    />
  );
}
