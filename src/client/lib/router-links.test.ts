import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link as RouterLink, MemoryRouter, NavLink as RouterNavLink, type NavLinkProps } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './router-links';

function render(basename: string, path: string, element: ReactNode) {
  return renderToStaticMarkup(
    createElement(MemoryRouter, { basename, initialEntries: [`${basename === '/' ? '' : basename}${path}`] }, element),
  );
}

const LINKS: Record<string, unknown>[] = [
  { to: '/browse' },
  { to: '/browse?q=yoga&city=Bangkok#results', className: 'underline', 'aria-label': 'Browse' },
  { to: { pathname: '/service/abc', search: '?from=home' }, replace: true, state: { from: 'home' } },
  { to: 'reviews', relative: 'path' },
  { to: '..' },
  { to: '/auth/signin', reloadDocument: true, target: '_blank', rel: 'noreferrer' },
  { to: 'https://stripe.com/docs' },
  { to: '//example.com/x' },
  { to: '/', discover: 'none' },
];

const NAV_LINKS: Record<string, unknown>[] = [
  { to: '/browse', className: ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off') },
  { to: '/dashboard/traveler', className: 'nav' },
  { to: '/dashboard', end: true },
  { to: '/Browse', caseSensitive: true },
  { to: '/browse/', 'aria-current': 'location' },
  { to: '/', style: ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 }) },
  { to: '/messages', children: ({ isActive }: { isActive: boolean }) => (isActive ? 'Messages (here)' : 'Messages') },
];

describe('the browser build’s Link and NavLink', () => {
  for (const basename of ['/', '/ja', '/pt-BR']) {
    for (const path of ['/', '/browse', '/browse/more', '/dashboard/traveler/bookings/1', '/service/abc/reviews']) {
      it(`render as React Router's under ${basename} at ${path}`, () => {
        for (const props of LINKS) {
          const ours = render(basename, path, createElement(Link, props as never, 'Go'));
          expect(ours, JSON.stringify(props)).toBe(
            render(basename, path, createElement(RouterLink, props as never, 'Go')),
          );
          expect(ours).toContain('<a ');
        }
        for (const props of NAV_LINKS) {
          const children = (props.children as NavLinkProps['children']) ?? 'Go';
          const ours = render(basename, path, createElement(NavLink, { ...props, children } as never));
          expect(ours, JSON.stringify(props)).toBe(
            render(basename, path, createElement(RouterNavLink, { ...props, children } as never)),
          );
        }
      });
    }
  }

  it('marks the current page’s link as the current page', () => {
    const html = render('/ja', '/browse', createElement(NavLink, { to: '/browse' }, 'Browse'));
    expect(html).toBe('<a aria-current="page" class="active" href="/ja/browse" data-discover="true">Browse</a>');
  });
});
