import type { Role } from '@shared/api/auth';

/** The 'My Dashboard' target of a role (docs/product.md); admins have none. */
export function dashboardPath(role: Role): string | null {
  if (role === 'PROVIDER') return '/dashboard/provider';
  if (role === 'TRAVELER') return '/dashboard/traveler';
  return null;
}

/** The role a user can switch to; ADMIN has no switch. */
export function switchTarget(role: Role): 'TRAVELER' | 'PROVIDER' | null {
  if (role === 'TRAVELER') return 'PROVIDER';
  if (role === 'PROVIDER') return 'TRAVELER';
  return null;
}
