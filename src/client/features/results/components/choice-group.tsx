import { useId } from 'react';
import { cn } from '../../../lib/utils';

type ChoiceGroupProps<T extends string> = {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** A few choices side by side, one chosen: radio buttons that look like a segmented control. */
export function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
      <span aria-hidden="true" className="text-muted-foreground">
        {label}:
      </span>
      <span className="inline-flex flex-wrap rounded-md border bg-background p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative rounded-sm px-2.5 py-1 has-focus-visible:outline-2 has-focus-visible:outline-ring',
              option.value === value
                ? 'bg-primary text-primary-foreground'
                : 'hover:bg-accent hover:text-accent-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            {option.label}
          </label>
        ))}
      </span>
    </div>
  );
}
