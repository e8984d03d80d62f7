import { createContext, useContext } from 'react';
import type { LoginInput, SignupInput, User } from '@shared/api/auth';

export type SelfServiceRole = 'TRAVELER' | 'PROVIDER';

export interface AuthContextValue {
  /** The signed-in user, or null when signed out (also null while the first check runs). */
  user: User | null;
  /** True until GET /api/auth/me has answered. */
  isLoading: boolean;
  login: (input: LoginInput) => Promise<User>;
  signup: (input: SignupInput) => Promise<User>;
  logout: () => Promise<void>;
  /** Switching to PROVIDER needs the provider's IANA time zone. */
  switchRole: (role: SelfServiceRole, timeZone?: string) => Promise<User>;
  /** Replace the user with one an account call returned (settings: name, avatar). */
  updateUser: (user: User) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
