import { createContext, useContext } from 'react';
import type { HeadTags } from '@shared/seo/head';

/**
 * What a page tells the server while it renders there: the response status (a 404 page answers
 * 404), its title and its search-engine head. In the browser there is no such context and the
 * hooks below do nothing (the title is set by useDocumentTitle's effect).
 */
export class RenderRecord {
  status: number | undefined;
  title: string | undefined;
  head: HeadTags | undefined;

  /** @param origin the origin absolute URLs are built on (PUBLIC_URL, else the request's). */
  constructor(readonly origin: string) {}

  /** The highest status asked for wins: a 503 section over a 404. */
  askStatus(status: number) {
    if ((this.status ?? 0) < status) this.status = status;
  }

  setTitle(title: string) {
    this.title = title;
  }

  setHead(head: HeadTags) {
    this.head = head;
  }
}

export const RenderContext = createContext<RenderRecord | null>(null);

/** The status the server answers with for this page. */
export function useResponseStatus(status: number) {
  useContext(RenderContext)?.askStatus(status);
}

/** The page's title for the server-rendered <title>. */
export function useServerTitle(title: string) {
  useContext(RenderContext)?.setTitle(title);
}

/** The page's description, canonical URL, Open Graph and JSON-LD, built only on the server. */
export function useServerHead(build: ((origin: string) => HeadTags) | undefined) {
  const record = useContext(RenderContext);
  if (record && build) record.setHead(build(record.origin));
}
