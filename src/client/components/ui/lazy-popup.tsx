import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type RefObject,
} from 'react';

/** What a lazily loaded popup receives: the trigger, its open state and the way back to it. */
export type PopupProps = {
  trigger: ReactElement;
  triggerRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type TriggerProps = {
  ref?: RefObject<HTMLButtonElement | null>;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onPointerDown?: (event: PointerEvent) => void;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
};

type LazyPopupOptions<Props> = {
  /** The button that opens the popup, exactly as it should look. */
  trigger: ReactElement<TriggerProps>;
  /**
   * A menu renders the trigger itself once loaded (it anchors to it) and opens on press, as
   * Radix menus do; a dialog leaves the trigger in place and opens on click.
   */
  kind: 'menu' | 'dialog';
  load: () => Promise<ComponentType<PopupProps & Props>>;
  props: Props;
};

/**
 * A menu or panel whose code (Radix and what it needs) is loaded on first use rather than with
 * the page, so a first visit downloads only what its first view shows. Until then `trigger` is
 * shown as it is; pointing at it or focusing it starts the download, and pressing it (mouse,
 * touch or keyboard) opens the popup as soon as it is there.
 */
export function LazyPopup<Props extends object>({
  trigger,
  kind,
  load,
  props,
}: LazyPopupOptions<Props>) {
  const [Popup, setPopup] = useState<ComponentType<PopupProps & Props> | null>(null);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const isLoading = useRef(false);
  const hadFocus = useRef(false);

  // A menu's loaded trigger replaces this one: it takes over the focus.
  useLayoutEffect(() => {
    if (!Popup || !hadFocus.current) return;
    hadFocus.current = false;
    if (!open) wrapper.current?.querySelector('button')?.focus();
  }, [Popup, open]);

  const startLoading = () => {
    if (isLoading.current) return;
    isLoading.current = true;
    load().then(
      (component) => {
        hadFocus.current = wrapper.current?.contains(document.activeElement) ?? false;
        setPopup(() => component);
      },
      (error: unknown) => {
        // Offline, or a new version was deployed: the next attempt tries again.
        isLoading.current = false;
        console.warn('This menu could not be loaded', error);
      },
    );
  };
  const openWhenLoaded = () => {
    setOpen(true);
    startLoading();
  };
  const popup = Popup ? (
    <Popup
      {...props}
      trigger={trigger}
      triggerRef={triggerRef}
      open={open}
      onOpenChange={setOpen}
    />
  ) : null;

  if (kind === 'menu' && popup)
    return (
      <span ref={wrapper} className="contents">
        {popup}
      </span>
    );
  const isMenu = kind === 'menu';
  return (
    <span ref={wrapper} className="contents">
      {cloneElement(trigger, {
        ref: triggerRef,
        onPointerEnter: startLoading,
        onFocus: startLoading,
        onPointerDown: (event: PointerEvent) => {
          if (isMenu && event.button === 0 && !event.ctrlKey) openWhenLoaded();
          else startLoading();
        },
        onClick: openWhenLoaded,
        onKeyDown: (event: KeyboardEvent) => {
          if (isMenu && event.key === 'ArrowDown') {
            event.preventDefault();
            openWhenLoaded();
          }
        },
        'aria-haspopup': kind,
        'aria-expanded': open && popup !== null,
      })}
      {popup}
    </span>
  );
}
