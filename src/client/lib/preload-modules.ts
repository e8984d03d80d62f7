import { preloadModule } from 'react-dom';

/**
 * A page's files preloaded side by side when the browser goes to it, from /page-modules.json (the
 * build writes it: vite.config.ts, pageModulesMap). Vite would put those lists in the first chunk,
 * for every page, where the first page never reads them; here they are fetched once the first page
 * is live, or at the first navigation if that comes sooner.
 *
 * The first page's own files are preloaded by the server (its HTML names them), so nothing is done
 * before `startPagePreloads`. Without the map (an old server, no network), a page still loads: its
 * chunk imports the rest, one level at a time.
 */
export type PageModules = { files: string[]; pages: Record<string, number[]> };

let started = false;
let map: Promise<PageModules | undefined> | undefined;

function pageModules(): Promise<PageModules | undefined> {
  map ??= fetch('/page-modules.json')
    .then((response) => (response.ok ? (response.json() as Promise<PageModules>) : undefined))
    .catch(() => undefined);
  return map;
}

/** The files of each page module (its source under src/client, as `pages/browse.tsx`). */
export function pageFiles(modules: PageModules, pages: readonly string[]): string[] {
  const files = new Set<string>();
  for (const page of pages) {
    for (const index of modules.pages[page] ?? []) {
      const file = modules.files[index];
      if (file) files.add(`/${file}`);
    }
  }
  return [...files];
}

/** Preloads the files these pages need (no-op until the first page is live). */
export function preloadPages(pages: readonly string[]): void {
  if (!started) return;
  void pageModules().then((modules) => {
    if (!modules) return;
    for (const href of pageFiles(modules, pages)) preloadModule(href, { as: 'script', crossOrigin: 'anonymous' });
  });
}

/** Called once the first page is live: the map is fetched when the browser is next idle. */
export function startPagePreloads(): void {
  started = true;
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
  idle(() => void pageModules());
}
