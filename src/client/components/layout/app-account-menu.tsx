import { ChevronsUpDown, LogOut, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSignOut } from '../../lib/use-sign-out';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/**
 * The account menu at the foot of the sidebar: who is signed in, the credits (`creditItems`: the
 * balance and Request credits), the theme (`themeItems`, radio items of this menu) and Sign out.
 */
export function AppAccountMenu({
  email,
  creditItems,
  themeItems,
}: {
  email: string;
  creditItems: ReactNode;
  themeItems: ReactNode;
}) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-auto w-full justify-start px-2 py-2"
          aria-label={`Account menu for ${email}`}
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <UserRound aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1 truncate text-left">{email}</span>
          <ChevronsUpDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="start"
        className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
      >
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
          {email}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {creditItems}
        <DropdownMenuSeparator />
        {themeItems}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
