import { useSearchParams } from 'react-router';
import { parseSignInReason, safeNextPath, type SignInReason } from '@shared/domain/return-path';

/**
 * The safe `next` and `reason` of an auth page's address (decision 016): `next` is undefined
 * when absent or not a path of this site, `reason` when not one of the fixed reasons.
 */
export function useReturnParams(): { next: string | undefined; reason: SignInReason | undefined } {
  const [searchParams] = useSearchParams();
  return { next: safeNextPath(searchParams.get('next')), reason: parseSignInReason(searchParams.get('reason')) };
}
