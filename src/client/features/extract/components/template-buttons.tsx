import { getTemplate, type TemplateKey } from '../../../../shared/templates';
import type { ColumnDefinition } from '../../../../shared/columns';
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

export function TemplateButtons({
  baseId,
  disabled,
  onApply,
}: {
  baseId: string;
  disabled: boolean;
  onApply: (columns: ColumnDefinition[], label: string) => void;
}) {
  return (
    <div role="group" aria-labelledby={`${baseId}-templates`} className="grid gap-2">
      <p id={`${baseId}-templates`} className="text-sm text-muted-foreground">
        Start from a template:
      </p>
      <div className="flex flex-wrap gap-2">
        {TEMPLATE_BUTTONS.map((key) => {
          const template = getTemplate(key);
          return (
            <Button
              key={key}
              type="button"
              variant="secondary"
              size="sm"
              disabled={disabled}
              onClick={() => onApply(template.columns, template.label)}
            >
              {template.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
