import { splitLocalePath } from '@shared/domain/locale-path';
import type { QueryFunction } from '@tanstack/react-query';
import type { ErrorBody } from '@shared/api/errors';
import { withPreloads } from '@/lib/preload-modules';

/**
 * A failed API call. Its message keeps the product's wording, `'{status}: {body text}'` (or the status
 * text when the body is empty); `status` and the parsed error `body` are there for the UI.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: ErrorBody | undefined;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string, body?: ErrorBody) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = body;
  }
}

/**
 * The error body, checked against the API's error schema. The schema (zod/mini) is imported on
 * first use, so no zod ships in the first chunk (decision 012); a body that is not the API's error
 * shape, or a schema chunk that fails to load, leaves `body` undefined.
 */
async function parseErrorBody(text: string): Promise<ErrorBody | undefined> {
  if (!text) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    const { errorBodySchema } = await withPreloads('../shared/api/errors.ts', () => import('@shared/api/errors'));
    const parsed = errorBodySchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The ApiError for a response that is not ok (its body read and parsed). */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(res.status, res.statusText, text, await parseErrorBody(text));
}

/** Throws an ApiError for a non-ok response; returns the response otherwise. */
export async function throwIfResNotOk(res: Response): Promise<Response> {
  if (!res.ok) throw await apiErrorFrom(res);
  return res;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a request reaches the API: the browser's fetch, or (server rendering) the app in-process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let serverTransport: (() => ApiTransport | undefined) | undefined;

/**
 * The server renderer installs this once: it returns the transport of the request being rendered
 * (its cookies and client address), so a page's queries run in-process with the visitor's session.
 */
export function setServerTransport(resolve: () => ApiTransport | undefined) {
  serverTransport = resolve;
}

/** The one fetch every API call goes through (same-origin paths, cookies included). */
export function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const transport = serverTransport?.();
  // The page's language, for the words the API writes back (its messages): the server renderer's
  // transport sends the rendered page's.
  const headers = new Headers(init.headers);
  if (!transport && typeof window !== 'undefined' && !headers.has('x-locale'))
    headers.set('x-locale', splitLocalePath(window.location.pathname).locale);
  const request: RequestInit = { credentials: 'include', ...init, headers };
  return transport ? transport(url, request) : fetch(url, request);
}

/**
 * The request helper every call goes through: sends cookies, sends `body` as JSON (or as-is when
 * it is FormData), and throws an ApiError when the response is not ok.
 */
export async function apiRequest(
  method: Method,
  url: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await apiFetch(url, {
    method,
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: init?.signal,
  });
  return throwIfResNotOk(res);
}

/** apiRequest, then the JSON body. */
export async function apiJson<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/** The message to show a user for a failed call: the server's `message` when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.message ?? fallback;
  return fallback;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Path of a query key: its parts joined with '/' (docs/product.md), e.g. ['/api/services', id]. */
export function queryKeyToPath(queryKey: readonly unknown[]): string {
  return queryKey
    .filter((part) => part !== undefined && part !== null && part !== '')
    .map(String)
    .join('/');
}

/** TanStack Query's default fetcher: GET the key's path and parse JSON; 401 throws unless told otherwise. */
export function getQueryFn<T>({ on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await apiFetch(queryKeyToPath(queryKey), { signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
