import { createContext, use, useId, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '../../lib/utils';

type TabsContextValue = { value: string; select: (value: string) => void; baseId: string };

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs() {
  const context = use(TabsContext);
  if (!context) throw new Error('Tabs parts must be used inside <Tabs>');
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

/**
 * Tabs as WAI-ARIA describes them (the tab list, tabs, one panel shown), controlled by `value`.
 * Written here rather than taken from Radix: the converter on the home page needs nothing more,
 * and this keeps the page's first download small.
 */
export function Tabs({
  value,
  onValueChange,
  ...props
}: { value: string; onValueChange: (value: string) => void } & ComponentProps<'div'>) {
  const baseId = useId();
  return (
    <TabsContext value={{ value, select: onValueChange, baseId }}>
      <div {...props} />
    </TabsContext>
  );
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Arrow keys, Home and End move between the tabs, and the tab that gets focus is shown. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = KEY_STEPS[event.key];
  if (!step) return;
  const tabs = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ];
  const index = tabs.findIndex((tab) => tab === document.activeElement);
  if (index === -1 || tabs.length === 0) return;
  event.preventDefault();
  tabs[step(index, tabs.length)]?.focus();
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      className={cn(
        'inline-flex h-10 w-full items-center rounded-md bg-muted p-1 text-muted-foreground sm:w-auto',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  ...props
}: { value: string } & Omit<ComponentProps<'button'>, 'value'>) {
  const tabs = useTabs();
  const isSelected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-controls={panelId(tabs.baseId, value)}
      aria-selected={isSelected}
      data-state={isSelected ? 'active' : 'inactive'}
      tabIndex={isSelected ? 0 : -1}
      onClick={() => tabs.select(value)}
      onFocus={() => tabs.select(value)}
      className={cn(
        'inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

/** The panel of one tab; only the selected tab's panel is in the page. */
export function TabsContent({
  value,
  className,
  ...props
}: { value: string } & ComponentProps<'div'>) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      tabIndex={0}
      data-state="active"
      className={cn('mt-3 focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}
