import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Role } from '@shared/api/auth';

const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  TRAVELER: msg`Traveler`,
  PROVIDER: msg`Provider`,
  ADMIN: msg`Admin`,
};

/** A role's name in the reader's language ('Traveler', 'Viajero'). */
export function useRoleLabel(): (role: Role) => string {
  const { i18n } = useLingui();
  return (role) => i18n._(ROLE_LABELS[role]);
}

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
