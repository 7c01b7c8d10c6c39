import { ChevronDown } from 'lucide-react';
import {
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { cn } from '../../lib/utils';
import type { OptionsSelectProps } from './select';
import { findNextOption, SELECT_TRIGGER_CLASS } from './select-options';

type LoadedSelect = ComponentType<OptionsSelectProps>;

// One download for every select on the page; a select mounted after it renders the real one.
let loaded: LoadedSelect | null = null;
let loading: Promise<LoadedSelect> | null = null;

function loadSelect(): Promise<LoadedSelect> {
  loading ??= import('./select').then(
    (module) => (loaded = module.OptionsSelect),
    (error: unknown) => {
      // Offline, or a new version was deployed: the next attempt tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The keys that open a closed Radix select. */
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

export type LazySelectProps = Omit<OptionsSelectProps, 'open' | 'onOpenChange' | 'triggerRef'>;

/**
 * A select of plain text options whose code (Radix Select, its popper and scroll lock) loads on
 * first use rather than with the page. Until then a button that looks and is announced exactly as
 * the Radix trigger stands in: pointing at it or focusing it starts the download, and what opens a
 * Radix select (a mouse press, a tap, Enter, Space or an arrow key) opens the real one as soon as
 * it is there, with the focus where Radix puts it. A letter typed before then picks the next
 * option starting with it, as Radix's typeahead does.
 */
export function LazySelect(props: LazySelectProps) {
  const { value, options, onValueChange, disabled, className } = props;
  const [Loaded, setLoaded] = useState<LoadedSelect | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isLoading = useRef(false);
  const hadFocus = useRef(false);
  const pointerType = useRef('touch');

  // The real trigger replaces the stand-in: it takes over the focus (an open list takes it itself).
  useLayoutEffect(() => {
    if (!Loaded || !hadFocus.current) return;
    hadFocus.current = false;
    if (!open) triggerRef.current?.focus();
  }, [Loaded, open]);

  if (Loaded)
    return <Loaded {...props} open={open} onOpenChange={setOpen} triggerRef={triggerRef} />;

  const startLoading = () => {
    if (isLoading.current) return;
    isLoading.current = true;
    loadSelect().then(
      (component) => {
        hadFocus.current = document.activeElement === triggerRef.current;
        setLoaded(() => component);
      },
      (error: unknown) => {
        isLoading.current = false;
        console.warn('This select could not be loaded', error);
      },
    );
  };
  const openWhenLoaded = () => {
    setOpen(true);
    startLoading();
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    pointerType.current = event.pointerType;
    if (event.button === 0 && !event.ctrlKey && event.pointerType === 'mouse') {
      openWhenLoaded();
      // As Radix does: the list, not the trigger, takes the focus.
      event.preventDefault();
    } else startLoading();
  };
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.currentTarget.focus();
    if (pointerType.current !== 'mouse') openWhenLoaded();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const isModifierKey = event.ctrlKey || event.altKey || event.metaKey;
    if (!isModifierKey && event.key.length === 1 && event.key !== ' ') {
      const next = findNextOption(options, value, event.key);
      if (next) onValueChange(next.value);
    }
    if (OPEN_KEYS.includes(event.key)) {
      event.preventDefault();
      openWhenLoaded();
    } else startLoading();
  };

  return (
    <button
      ref={triggerRef}
      type="button"
      role="combobox"
      id={props.id}
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      data-placeholder={value === '' ? '' : undefined}
      className={cn(SELECT_TRIGGER_CLASS, className)}
      onPointerEnter={startLoading}
      onFocus={startLoading}
      onPointerDown={onPointerDown}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <span style={{ pointerEvents: 'none' }}>
        {options.find((option) => option.value === value)?.label}
      </span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
    </button>
  );
}
