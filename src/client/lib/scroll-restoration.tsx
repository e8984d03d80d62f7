import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * What React Router's <ScrollRestoration> did for the data router
 * (docs/decisions/026-declarative-router.md): a new page (link, redirect) starts at the top, or at
 * its #hash, unless it was asked with `preventScrollReset` (a tab, a filter: the page stays put);
 * back and forward return to where that history entry was left. Positions are kept by history
 * entry (location.key), and in sessionStorage so that a reload finds them too.
 */
const STORAGE_KEY = 'locora-scroll-positions';
let positions: Record<string, number> | undefined;
/** The history entry on screen (set as a page is committed, before any scroll event of it). */
let currentKey: string | undefined;
/**
 * Entries navigated to with `preventScrollReset` (a tab, a filter): they keep the page's place.
 * The router (client-router.tsx) adds them.
 */
export const keepScroll = new Set<string>();

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The position of the entry on screen, as it scrolls (scroll events arrive after the commit
    // that changed the page, so they are recorded under the entry they belong to).
    const record = () => {
      if (currentKey !== undefined) savedPositions()[currentKey] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or denied: positions are kept for this page only.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey = location.key;
    if (navigationType === 'POP') {
      const y = savedPositions()[location.key];
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    // The page stays put; the new entry starts where it is (no scroll event will say so), so Back
    // and Forward find it there.
    if (keepScroll.delete(location.key)) {
      savedPositions()[location.key] = window.scrollY;
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
