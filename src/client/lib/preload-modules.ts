import { preloadModule } from 'react-dom';

/**
 * The files of what the first chunk loads lazily (a page, the account menu, a response schema),
 * preloaded side by side as it is imported, from /lazy-modules.json (the build writes it:
 * vite.config.ts, lazyModulesMap). Vite would put those lists in the first chunk, where the first
 * page never reads them; here they are fetched once the first page is live, or at the first
 * import after that if it comes sooner.
 *
 * Each module is named by its source from src/client ('pages/browse.tsx',
 * '../shared/api/errors.ts'); the build fails when the first chunk imports one lazily without
 * naming it here. The first page's own files are preloaded by the server (its HTML names them), so
 * nothing is done before `startPreloads`. Without the map (no network), a module still loads: its
 * chunk imports the rest, one level at a time.
 */
export type LazyModules = { files: string[]; modules: Record<string, number[]> };

let started = false;
let map: Promise<LazyModules | undefined> | undefined;

function lazyModules(): Promise<LazyModules | undefined> {
  map ??= fetch('/lazy-modules.json')
    .then((response) => (response.ok ? (response.json() as Promise<LazyModules>) : undefined))
    .catch(() => undefined);
  return map;
}

/** Preloads the files these modules need (nothing until the first page is live). */
export function preloadModules(modules: readonly string[]): void {
  if (!started) return;
  void lazyModules().then((known) => {
    if (!known) return;
    for (const module of modules) {
      for (const index of known.modules[module] ?? []) {
        const file = known.files[index];
        if (file) preloadModule(`/${file}`, { as: 'script', crossOrigin: 'anonymous' });
      }
    }
  });
}

/** Called once the first page is live: the map is fetched when the browser is next idle. */
export function startPreloads(): void {
  started = true;
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
  idle(() => void lazyModules());
}

/** `load()` (an import() of `module`), with the module's files preloaded beside it. */
export function withPreloads<T>(module: string, load: () => Promise<T>): Promise<T> {
  preloadModules([module]);
  return load();
}
