import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router';
import { CreditCard, Flag, FolderTree, Gavel, LayoutDashboard, ShieldCheck, Store } from '@/components/icons';
import { cn } from '@/lib/utils';

const LINKS = [
  { to: '/admin', label: msg`Dashboard`, icon: LayoutDashboard, end: true },
  { to: '/admin/providers', label: msg`Providers`, icon: ShieldCheck, end: false },
  { to: '/admin/services', label: msg`Services`, icon: Store, end: false },
  { to: '/admin/categories', label: msg`Categories`, icon: FolderTree, end: false },
  { to: '/admin/payments', label: msg`Payments`, icon: CreditCard, end: false },
  { to: '/admin/disputes', label: msg`Disputes`, icon: Gavel, end: false },
  { to: '/admin/reports', label: msg`Reports`, icon: Flag, end: false },
];

/** The navigation every admin page shares; two rows on a phone (one scrolling row cut Categories off). */
export function AdminNav() {
  const { i18n, t } = useLingui();
  return (
    <nav aria-label={t`Admin`}>
      <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 text-muted-foreground sm:inline-flex">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'flex items-center justify-center gap-2 rounded-md px-3 py-1.5 sm:inline-flex sm:justify-start text-sm font-medium whitespace-nowrap transition-colors outline-none',
                  'focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  isActive ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                )
              }
            >
              <link.icon className="size-4" aria-hidden="true" />
              {i18n._(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
