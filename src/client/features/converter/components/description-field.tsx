import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';

const DESCRIPTION_MAX = 1000;

/** The optional description: what the user is after, passed to the model as guidance. */
export function DescriptionField({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Description <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Textarea
        id={id}
        rows={2}
        className="min-h-16"
        value={value}
        maxLength={DESCRIPTION_MAX}
        disabled={disabled}
        aria-describedby={`${id}-help`}
        placeholder="e.g. Every card payment on this statement, without the monthly summary"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        Tell us what you want to extract, in your own words.
      </p>
    </div>
  );
}
