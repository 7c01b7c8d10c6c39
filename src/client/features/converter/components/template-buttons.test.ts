import { describe, expect, it } from 'vitest';
import { getTemplate } from '../../../../shared/templates';
import { TEMPLATE_BUTTONS } from './template-buttons';

describe('template buttons', () => {
  it('name each template as shared/templates.ts does', () => {
    for (const { key, label } of TEMPLATE_BUTTONS) expect(label).toBe(getTemplate(key).label);
  });
});
