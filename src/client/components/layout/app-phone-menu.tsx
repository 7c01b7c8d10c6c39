import { LogOut, Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSignOut } from '../../lib/use-sign-out';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';
import { AppNav } from './app-sidebar';

/**
 * On a phone, the app layout's one menu: the pages, the theme (`themeChoice`), who is signed in,
 * the credits (`credits`, given a way to close the panel) and Sign out, in a panel that slides in
 * from the left.
 */
export function AppPhoneMenu({
  email,
  themeChoice,
  credits,
}: {
  email: string;
  themeChoice: ReactNode;
  credits: (close: () => void) => ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const signOut = useSignOut();
  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="overflow-y-auto">
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">
          Your pages, the theme and your account
        </SheetDescription>
        <AppNav onNavigate={() => setIsOpen(false)} />
        <div className="border-t pt-4">{themeChoice}</div>
        <div className="mt-auto flex flex-col gap-3 border-t pt-4">
          <p className="text-sm">
            <span className="block text-muted-foreground">Signed in as</span>
            <span className="block truncate font-medium">{email}</span>
          </p>
          {credits(() => setIsOpen(false))}
          <Button
            variant="outline"
            onClick={() => {
              setIsOpen(false);
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
