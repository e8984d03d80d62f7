import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '@shared/domain/constants';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();
const darkQuery = '(prefers-color-scheme: dark)';

function readSaved(): Theme | null {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia?.(darkQuery).matches ? 'dark' : 'light';
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

/** The theme in effect (public/theme-init.js applied it before first paint). */
export function getTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * Applies and saves the theme under the product's 'theme' key, and in a cookie of the same name so the
 * server renders the next page in it (no flash, even before public/theme-init.js runs).
 */
export function setTheme(theme: Theme) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode); the choice still applies to this page.
  }
  document.cookie = `${THEME_STORAGE_KEY}=${theme}; path=/; max-age=31536000; samesite=lax`;
  applyTheme(theme);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = window.matchMedia?.(darkQuery);
  // Follow the system while the user has not chosen; follow other tabs when they choose.
  const onSystemChange = () => {
    if (!readSaved()) applyTheme(systemTheme());
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) applyTheme(readSaved() ?? systemTheme());
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light');
}
