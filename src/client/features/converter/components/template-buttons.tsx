import { TEMPLATE_LABELS } from '../../../../shared/template-labels';
import type { Template, TemplateKey } from '../../../../shared/templates';
import { Button } from '../../../components/ui/button';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/**
 * SPEC.md section 2's template buttons, in its order (Company History has no button there), then
 * the record templates of issue 31, with the templates' labels (template-buttons.test.ts holds
 * them to shared/templates.ts).
 */
export const TEMPLATE_BUTTONS: readonly { key: TemplateKey; label: string }[] = (
  [
    'transactions',
    'invoice',
    'stockPrice',
    'stockPerformance',
    'events',
    'companies',
    'products',
    'articles',
    'receipt',
    'bankStatement',
    'purchaseOrder',
  ] as const
).map((key) => ({ key, label: TEMPLATE_LABELS[key] }));

// The templates' columns (and their instructions) load when the buttons are first pointed at,
// focused or pressed, not with the page: the first view needs only their labels.
const loadTemplates = () => import('../../../../shared/templates');

/** The template buttons; the one whose columns are in use is shown as selected (pressed). */
export function TemplateButtons({
  baseId,
  selected,
  disabled,
  onApply,
  onApplying,
}: {
  baseId: string;
  /** The template in use (a key), if any. */
  selected: string | null;
  disabled: boolean;
  /** The template's columns, and its document fields and rules when it is a record. */
  onApply: (template: Template, key: TemplateKey, label: string) => void;
  /**
   * A template is being applied: its columns load first, and Run pressed meanwhile waits for
   * this (settled once they are in the form, or the load failed and said so).
   */
  onApplying?: (applied: Promise<void>) => void;
}) {
  const apply = ({ key, label }: { key: TemplateKey; label: string }) => {
    const applied = loadTemplates().then(
      ({ getTemplate }) => onApply(getTemplate(key), key, label),
      () => toast.error('Error', { description: NETWORK_ERROR_MESSAGE }),
    );
    onApplying?.(applied);
    return applied;
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
        {TEMPLATE_BUTTONS.map((button) => (
          <Button
            key={button.key}
            type="button"
            variant={button.key === selected ? 'default' : 'secondary'}
            size="sm"
            disabled={disabled}
            aria-pressed={button.key === selected}
            onClick={() => void apply(button)}
          >
            {button.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
