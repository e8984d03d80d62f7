import { useLocation } from 'react-router';

/** The current page as a return path (pathname, query and hash). */
export function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * The sign-in page for a user on `currentPath` (a path of this site, e.g. from useLocation) who
 * must sign in because of `reason` (decision 016). Small on purpose: the service cards on the
 * first screen use it; the sign-in page validates `next` and `reason` with
 * shared/domain/return-path.ts before following or showing them.
 */
export function signInAddress(currentPath: string, reason: 'book' | 'save'): string {
  const params = new URLSearchParams();
  if (currentPath !== '/') params.set('next', currentPath);
  params.set('reason', reason);
  return `/auth/signin?${params}`;
}
