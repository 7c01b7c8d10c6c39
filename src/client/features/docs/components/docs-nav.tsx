import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/utils';
import { DOC_SECTIONS } from '../doc-sections';

/** The section in view: the last whose heading has passed the top quarter of the window. */
function useCurrentSection(): string {
  const [current, setCurrent] = useState<string>(DOC_SECTIONS[0].id);
  useEffect(() => {
    const update = () => {
      const line = window.innerHeight / 4;
      let found: string = DOC_SECTIONS[0].id;
      for (const section of DOC_SECTIONS) {
        const element = document.getElementById(section.id);
        if (element && element.getBoundingClientRect().top <= line) found = section.id;
      }
      setCurrent(found);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('hashchange', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('hashchange', update);
    };
  }, []);
  return current;
}

function SectionLinks({ current, onPick }: { current?: string; onPick?: () => void }) {
  return (
    <ol className="space-y-1 text-sm">
      {DOC_SECTIONS.map((section) => {
        const isCurrent = section.id === current;
        return (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              onClick={onPick}
              aria-current={isCurrent ? 'location' : undefined}
              className={cn(
                'block rounded-md px-3 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                isCurrent && 'bg-muted font-medium text-foreground',
              )}
            >
              {section.title}
            </a>
          </li>
        );
      })}
    </ol>
  );
}

/** Beside the text on wide screens, following the reader's place. */
export function DocsSidebar() {
  const current = useCurrentSection();
  return (
    <nav
      aria-label="Documentation sections"
      className="sticky top-20 hidden self-start max-h-[calc(100dvh-6rem)] overflow-y-auto lg:block"
    >
      <p className="mb-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        On this page
      </p>
      <SectionLinks current={current} />
    </nav>
  );
}

/** On phones and tablets: a compact menu at the top that opens into the list of sections. */
export function DocsPhoneMenu() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <nav aria-label="Documentation sections" className="mb-8 lg:hidden">
      <details
        open={isOpen}
        onToggle={(event) => setIsOpen(event.currentTarget.open)}
        className="rounded-lg border"
      >
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 font-medium focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
          Sections
          <ChevronDown
            className={cn('size-4 transition-transform', isOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </summary>
        <div className="border-t p-2">
          <SectionLinks onPick={() => setIsOpen(false)} />
        </div>
      </details>
    </nav>
  );
}
