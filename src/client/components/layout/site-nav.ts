import { BookOpen, LayoutGrid } from 'lucide-react';
import { cn } from '../../lib/utils';

/** The Product menu of the site header: what Rowsmith is used for and how. */
export const PRODUCT_LINKS = [
  {
    to: '/use-cases',
    label: 'Use Cases',
    description: 'What people turn into tables',
    Icon: LayoutGrid,
  },
  { to: '/docs', label: 'Documentation', description: 'Guides and the API', Icon: BookOpen },
];

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );
