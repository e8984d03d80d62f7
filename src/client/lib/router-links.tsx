import { forwardRef, useContext, type MouseEvent } from 'react';
import {
  UNSAFE_NavigationContext as NavigationContext,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';

/*
 * React Router as the client build sees it (vite.config.ts resolves `react-router` here in the
 * browser's code, and this file's own `react-router` to React Router's production build): all of
 * it, but `Link` and `NavLink`, which are React Router's without what the app never asks of them
 * (prefetching a page's modules and data, view transitions, masked URLs): those brought 1.5 kB
 * gzip of framework-mode code into the first load (docs/decisions/055-languages.md, addendum on
 * the first load). They render the same element with the same attributes as React Router's (the
 * server renders with React Router's own, and router-links.test.ts compares the two), and
 * navigate through React Router's own click handler.
 */
export * from 'react-router';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;
const PROTOCOL_RELATIVE_URL = /^[\\/]{2}/;

/** React Router's reading of an absolute `to`: a path when it is this app's, else external. */
function parseTo(to: LinkProps['to'], basename: string) {
  if (typeof to !== 'string' || !ABSOLUTE_URL.test(to)) return { to, isExternal: false, absoluteURL: undefined };
  let target = to;
  let isExternal = false;
  if (typeof window !== 'undefined' && typeof window.document?.createElement !== 'undefined') {
    try {
      const current = new URL(window.location.href);
      const url = PROTOCOL_RELATIVE_URL.test(to) ? new URL(current.protocol + to.replace(/\\/g, '/')) : new URL(to);
      const path = stripBasename(url.pathname, basename);
      if (url.origin === current.origin && path != null) target = path + url.search + url.hash;
      else isExternal = true;
    } catch {
      console.warn(
        `<Link to="${to}"> contains an invalid URL which will probably break when clicked - please update to a valid URL path.`,
      );
    }
  }
  return { to: target, isExternal, absoluteURL: to };
}

/** React Router's stripBasename: the path under the basename, or null when it is not under it. */
function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const startIndex = basename.endsWith('/') ? basename.length - 1 : basename.length;
  const nextChar = pathname.charAt(startIndex);
  if (nextChar && nextChar !== '/') return null;
  return pathname.slice(startIndex) || '/';
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    onClick,
    discover = 'render',
    prefetch: _prefetch,
    relative,
    reloadDocument,
    replace,
    state,
    target,
    to: requested,
    preventScrollReset,
    viewTransition,
    ...rest
  },
  ref,
) {
  const navigation = useContext(NavigationContext) as { basename: string; useTransitions?: boolean };
  const isAbsolute = typeof requested === 'string' && ABSOLUTE_URL.test(requested);
  const parsed = parseTo(requested, navigation.basename);
  const href = useHref(parsed.to, { relative });
  const internalOnClick = useLinkClickHandler(parsed.to, {
    replace,
    state,
    target,
    preventScrollReset,
    relative,
    viewTransition,
    useTransitions: navigation.useTransitions,
  } as Parameters<typeof useLinkClickHandler>[1]);
  const isSpaLink = !(parsed.isExternal || reloadDocument);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) internalOnClick(event);
  };
  return (
    <a
      {...rest}
      href={parsed.absoluteURL || href}
      onClick={isSpaLink ? handleClick : onClick}
      ref={ref}
      target={target}
      data-discover={!isAbsolute && discover === 'render' ? 'true' : undefined}
    />
  );
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
    ...rest
  },
  ref,
) {
  const path = useResolvedPath(to, { relative: rest.relative });
  const location = useLocation();
  const { navigator } = useContext(NavigationContext);
  let toPathname = navigator.encodeLocation ? navigator.encodeLocation(path).pathname : path.pathname;
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  // A declarative router has no pending navigation nor view transition to show.
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      ref={ref}
      style={style}
      to={to}
      viewTransition={viewTransition}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
});
