import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Role } from '@shared/api/auth';

/* The roles' names, for the account menu and settings (the `public` catalog, lingui.config.ts). */

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
