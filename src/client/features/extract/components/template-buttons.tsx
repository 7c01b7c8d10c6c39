import type { ColumnDefinition } from '../../../../shared/columns';
import { TEMPLATE_LABELS } from '../../../../shared/template-labels';
import type { TemplateKey } from '../../../../shared/templates';
import { Button } from '../../../components/ui/button';

/** SPEC.md section 2's template buttons, in its order (Company History has no button there). */
const TEMPLATE_BUTTONS: readonly TemplateKey[] = [
  'transactions',
  'invoice',
  'stockPrice',
  'stockPerformance',
  'events',
  'companies',
  'products',
  'articles',
];

// The templates' columns (and their instructions) load when the buttons are first pointed at,
// focused or pressed, not with the page.
const loadTemplates = () => import('../../../../shared/templates');

/** The template buttons; the one whose columns are in use is shown as selected (pressed). */
export function TemplateButtons({
  baseId,
  selected,
  disabled,
  onApply,
}: {
  baseId: string;
  selected: TemplateKey | null;
  disabled: boolean;
  onApply: (columns: ColumnDefinition[], key: TemplateKey, label: string) => void;
}) {
  const apply = async (key: TemplateKey) => {
    const { getTemplate } = await loadTemplates();
    onApply(getTemplate(key).columns, key, TEMPLATE_LABELS[key]);
  };
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
        {TEMPLATE_BUTTONS.map((key) => (
          <Button
            key={key}
            type="button"
            variant={key === selected ? 'default' : 'secondary'}
            size="sm"
            disabled={disabled}
            aria-pressed={key === selected}
            onClick={() => void apply(key)}
          >
            {TEMPLATE_LABELS[key]}
          </Button>
        ))}
      </div>
    </div>
  );
}
