import { useEffect } from 'react';

export const APP_NAME = 'Locora';

/** Sets document.title to "{title} · Locora" (or the given full title) while the page is shown. */
export function useDocumentTitle(title: string, { full = false }: { full?: boolean } = {}) {
  useEffect(() => {
    document.title = full ? title : `${title} · ${APP_NAME}`;
  }, [title, full]);
}
