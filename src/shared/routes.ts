/** The screens of docs/product.md that exist so far. The server answers 404 for any other page path. */
export const pageRoutes = [
  '/',
  '/auth/signin',
  '/auth/signup',
  '/auth/verify-email',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/settings',
  '/browse',
  '/service/:id',
  '/provider/:username',
  '/admin',
  '/admin/providers',
  '/admin/services',
  '/admin/categories',
  // Added as their features land: /dashboard/traveler,
  // /dashboard/provider, /messages, /checkout/:id, /admin, /admin/providers, /admin/services,
  // /admin/categories.
] as const;

export function isKnownPage(pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  return pageRoutes.some((route) => {
    const rp = route.split('/').filter(Boolean);
    if (rp.length !== parts.length) return false;
    return rp.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}
