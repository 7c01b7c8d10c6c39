import { FileText, Globe, Type } from 'lucide-react';
import type { ExtractionType } from '../../../../shared/account';

const ICONS = { file: FileText, url: Globe, text: Type } as const;

/** The input's kind as an icon, beside its name in words. */
export function RunTypeIcon({ type, className }: { type: ExtractionType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className={className} />;
}
