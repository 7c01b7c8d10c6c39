import { cloneElement, isValidElement, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/utils';

type AnyProps = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** The slot's props under the child's; both handlers run (the child's first); classes join. */
function mergeProps(slot: AnyProps, child: AnyProps): AnyProps {
  const merged: AnyProps = { ...slot, ...child };
  for (const [name, slotValue] of Object.entries(slot)) {
    const childValue = child[name];
    if (
      /^on[A-Z]/.test(name) &&
      typeof slotValue === 'function' &&
      typeof childValue === 'function'
    )
      merged[name] = (...args: unknown[]) => {
        const result = (childValue as Handler)(...args);
        (slotValue as Handler)(...args);
        return result;
      };
  }
  merged.className = cn(slot.className as string, child.className as string);
  if (slot.style || child.style)
    merged.style = { ...(slot.style as object), ...(child.style as object) };
  if (slot.ref && child.ref)
    merged.ref = (node: unknown) => {
      setRef(slot.ref as Ref<unknown>, node);
      setRef(child.ref as Ref<unknown>, node);
    };
  return merged;
}

/**
 * Renders its only child with these props merged in, as Radix's Slot does: how `asChild` lets a
 * link look and behave like a button. Small enough to keep Radix out of the first page load.
 */
export function Slot({ children, ...props }: AnyProps & { children?: ReactNode }) {
  if (!isValidElement<AnyProps>(children)) return null;
  return cloneElement(children, mergeProps(props, children.props));
}
