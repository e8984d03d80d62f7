import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TabsTrigger } from '@/components/ui/tabs';

/**
 * Tabs whose selection is the page's `?tab=` (the first tab, the default, has none; an unknown
 * value shows the default), so a tab can be linked to, survives a reload and is rendered by the
 * server. Each trigger is a real link to its tab: a tap before the page has hydrated is an ordinary
 * navigation that the server answers with that tab selected; once hydrated, Radix selects the tab
 * on the client (mouse down, arrow keys, focus) and the link's own navigation goes to the same
 * address, in place (`replace`, no scroll to the top).
 */
export function useUrlTabs<T extends string>(tabs: readonly [T, ...T[]]) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const requested = searchParams.get('tab');
  const value: T = tabs.find((t) => t === requested) ?? tabs[0];

  /** The current address with `next` as its tab (other parameters are kept). */
  const href = (next: T) => {
    const params = new URLSearchParams(searchParams);
    if (next === tabs[0]) params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };

  return {
    value,
    href,
    /** For Tabs' onValueChange. */
    onValueChange: (next: string) => {
      const tab = tabs.find((t) => t === next);
      // Radix may ask twice for one press (focus, then mouse down): the live address says whether
      // this tab is already the page's.
      if (tab && !isCurrent(href(tab))) void navigate(href(tab), { replace: true, preventScrollReset: true });
    },
  };
}

/** Whether `href` is the address on screen now (not as of the last render). */
function isCurrent(href: string) {
  return `${window.location.pathname}${window.location.search}` === href;
}

/** Space on a tab: the page does not scroll (a link would; the focused tab is already selected). */
function noScrollOnSpace(event: KeyboardEvent) {
  if (event.key === ' ') event.preventDefault();
}

/**
 * A press with Cmd, Shift or Alt opens the tab's address elsewhere (a new tab or window): Radix
 * must not also switch this page's tab on mouse down (it skips a prevented event).
 */
function keepPageOnModifiedPress(event: MouseEvent) {
  if (event.metaKey || event.shiftKey || event.altKey) event.preventDefault();
}

/** A click on a tab Radix has already selected (on mouse down) has nothing left to do. */
function skipIfCurrent(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
    const url = new URL(event.currentTarget.href);
    if (isCurrent(`${url.pathname}${url.search}`)) event.preventDefault();
  }
}

/**
 * A tab trigger that is a link to `href` (from useUrlTabs). `onIntent` is called when the tab is
 * about to be opened (a pointer over it, focus, a touch), to start loading what it shows.
 */
export function TabLink({
  value,
  href,
  children,
  onIntent,
}: {
  value: string;
  href: string;
  children: ReactNode;
  onIntent?: (value: string) => void;
}) {
  const intent = onIntent ? () => onIntent(value) : undefined;
  return (
    <TabsTrigger value={value} asChild>
      {/* Radix gives its trigger type="button", which a link does not take. */}
      <Link
        to={href}
        replace
        preventScrollReset
        type={undefined}
        onKeyDown={noScrollOnSpace}
        onMouseDown={keepPageOnModifiedPress}
        onClick={skipIfCurrent}
        onPointerEnter={intent}
        onFocus={intent}
        onTouchStart={intent}
      >
        {children}
      </Link>
    </TabsTrigger>
  );
}
