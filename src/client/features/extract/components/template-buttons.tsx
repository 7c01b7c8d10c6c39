import type { ColumnDefinition } from '../../../../shared/columns';
import type { TemplateKey } from '../../../../shared/templates';
import { Button } from '../../../components/ui/button';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/**
 * SPEC.md section 2's template buttons, in its order (Company History has no button there), with
 * the templates' labels (template-buttons.test.ts holds them to shared/templates.ts).
 */
export const TEMPLATE_BUTTONS: readonly { key: TemplateKey; label: string }[] = [
  { key: 'transactions', label: 'Transactions' },
  { key: 'invoice', label: 'Invoice' },
  { key: 'stockPrice', label: 'Stock Price' },
  { key: 'stockPerformance', label: 'Stock Performance' },
  { key: 'events', label: 'Events' },
  { key: 'companies', label: 'Companies' },
  { key: 'products', label: 'Products' },
  { key: 'articles', label: 'Articles' },
];

// The templates' columns load when the buttons are first pointed at or focused (or pressed), not
// with the page: the first view needs only their labels.
const loadTemplates = () => import('../../../../shared/templates');

/** The template buttons; the one whose columns are in the editor is shown pressed. */
export function TemplateButtons({
  baseId,
  disabled,
  selected,
  onApply,
}: {
  baseId: string;
  disabled: boolean;
  /** The template applied last (a key), if any. */
  selected: string | null;
  onApply: (key: TemplateKey, columns: ColumnDefinition[]) => void;
}) {
  const apply = (key: TemplateKey) =>
    loadTemplates().then(
      ({ getTemplate }) => onApply(key, getTemplate(key).columns),
      () => toast.error('Error', { description: NETWORK_ERROR_MESSAGE }),
    );
  return (
    <div
      role="group"
      aria-labelledby={`${baseId}-templates`}
      className="grid gap-2"
      onPointerEnter={() => void loadTemplates()}
      onFocus={() => void loadTemplates()}
    >
      <p id={`${baseId}-templates`} className="text-sm text-muted-foreground">
        Start from a template:
      </p>
      <div className="flex flex-wrap gap-2">
        {TEMPLATE_BUTTONS.map(({ key, label }) => {
          const isSelected = key === selected;
          return (
            <Button
              key={key}
              type="button"
              variant={isSelected ? 'default' : 'secondary'}
              size="sm"
              disabled={disabled}
              aria-pressed={isSelected}
              onClick={() => void apply(key)}
            >
              {label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
