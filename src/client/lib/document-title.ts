import { useEffect } from 'react';
import { useServerTitle } from './render-context';

export const APP_NAME = 'Locora';

/**
 * Sets the page title to "{title} · Locora" (or the given full title) while the page is shown:
 * in the server-rendered HTML, and in the browser as the user moves between pages.
 */
export function useDocumentTitle(title: string, { full = false }: { full?: boolean } = {}) {
  const text = full ? title : `${title} · ${APP_NAME}`;
  useServerTitle(text);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
