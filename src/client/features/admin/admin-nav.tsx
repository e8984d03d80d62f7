import { NavLink } from 'react-router';
import { FolderTree, LayoutDashboard, ShieldCheck, Store } from 'lucide-react';
import { cn } from '@/lib/utils';

const LINKS = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/providers', label: 'Providers', icon: ShieldCheck, end: false },
  { to: '/admin/services', label: 'Services', icon: Store, end: false },
  { to: '/admin/categories', label: 'Categories', icon: FolderTree, end: false },
];

/** The navigation every admin page shares; scrolls sideways on a phone. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="inline-flex min-w-max gap-1 rounded-lg bg-muted p-1 text-muted-foreground">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors outline-none',
                  'focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  isActive ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                )
              }
            >
              <link.icon className="size-4" aria-hidden="true" />
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
