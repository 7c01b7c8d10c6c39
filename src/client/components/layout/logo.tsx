import { Link } from 'react-router';
import { SITE } from '../../../shared/site';

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight"
      aria-label={`${SITE.name} home`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span>{SITE.name}</span>
    </Link>
  );
}
