import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import type { PopupProps } from '../../../components/ui/lazy-popup';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip';
import { ThemeMenuItems } from './theme-menu-items';

/** The header's theme menu with its tooltip (loaded on first use, see theme-menu.tsx). */
export function ThemeMenuPopup({ trigger, open, onOpenChange }: PopupProps) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>Light, dark or system theme</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end">
        <ThemeMenuItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
