/**
 * Fetching a calendar from an address a provider gave us, without letting that address reach
 * inside our network (decision 040):
 *
 * - `https://` only; `webcal://` is read as `https://`. With `allowLoopback` (the
 *   CALENDAR_FETCH_ALLOW_PRIVATE setting, tests only) a loopback address may be used, over plain
 *   `http://` too; every other private range stays refused even then.
 * - The host name is resolved here, every address it resolves to is checked (only public unicast
 *   passes: no private, loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved,
 *   NAT64 or 6to4 range, and an IPv4-mapped IPv6 address is checked as the IPv4 one), and the
 *   connection is made to the address that was checked (a `lookup` that answers with it), so a
 *   second DNS answer cannot swap it for another.
 * - Redirects are followed by hand, at most 3, each new address checked the same way.
 * - 10 seconds for the whole fetch, redirects included, and 5 MB of body at most.
 *
 * Failures are CalendarFetchError with a sentence for the provider ("The address answered 404").
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { CalendarFetchError } from './calendar-error.ts';

export const CALENDAR_FETCH_TIMEOUT_MS = 10_000;
export const CALENDAR_MAX_BYTES = 5 * 1024 * 1024;
export const CALENDAR_MAX_REDIRECTS = 3;

export { CalendarFetchError };

export const NOT_A_WEB_ADDRESS = 'This is not a web address';
export const HTTPS_ONLY = 'Use an address that starts with https:// or webcal://';
export const PRIVATE_ADDRESS = 'The address points inside a private network, which Locora does not fetch';
export const NOT_FOUND_HOST = 'The address’s server could not be found';
export const TOO_SLOW = `The address did not answer within ${CALENDAR_FETCH_TIMEOUT_MS / 1000} seconds`;
export const TOO_LARGE = `The calendar is larger than ${CALENDAR_MAX_BYTES / 1024 / 1024} MB`;
export const TOO_MANY_REDIRECTS = `The address redirected more than ${CALENDAR_MAX_REDIRECTS} times`;
export const COULD_NOT_CONNECT = 'Could not connect to the address';
export const BAD_CERTIFICATE = 'The address’s security certificate is not valid';
export const answeredStatus = (status: number) => `The address answered ${status}`;

export type FetchPolicy = {
  /** Loopback addresses (and plain http to them) allowed: tests only. */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** DNS resolution (tests may answer with a chosen address). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
};

/** Whether a connection to `address` is allowed: public unicast, or loopback when tests allow it. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

function isLoopback(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'loopback';
}

/**
 * The address as it will be fetched: `webcal://` becomes `https://`; anything but https (or http
 * when loopback is allowed) is refused.
 */
export function calendarUrl(raw: string, allowLoopback: boolean): URL {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(/^webcals?:\/\//i.test(text) ? text.replace(/^webcals?:/i, 'https:') : text);
  } catch {
    throw new CalendarFetchError(NOT_A_WEB_ADDRESS, { code: 'not_a_web_address' });
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && allowLoopback) return url;
  throw new CalendarFetchError(HTTPS_ONLY, { code: 'https_only' });
}

const defaultResolve = async (host: string) => dns.lookup(host, { all: true, verbatim: true });

/** The checked address to connect to for `url`; throws when any address of the host is refused. */
async function checkedAddress(url: URL, policy: FetchPolicy): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(host);
    } catch {
      throw new CalendarFetchError(NOT_FOUND_HOST, { code: 'host_not_found' });
    }
  }
  if (addresses.length === 0) throw new CalendarFetchError(NOT_FOUND_HOST, { code: 'host_not_found' });
  // One refused address refuses the host: a name that also resolves inside is not fetched at all.
  if (!addresses.every((a) => isAllowedAddress(a.address, policy.allowLoopback)))
    throw new CalendarFetchError(PRIVATE_ADDRESS, { code: 'private_address' });
  // Plain http only to loopback (tests).
  if (url.protocol === 'http:' && !addresses.every((a) => isLoopback(a.address)))
    throw new CalendarFetchError(HTTPS_ONLY, { code: 'https_only' });
  return addresses[0]!;
}

type Answer = { status: number; location?: string; body?: Buffer };

function requestOnce(
  url: URL,
  target: { address: string; family: number },
  maxBytes: number,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    // Connect to the checked address whatever the name resolves to now; TLS still checks the
    // certificate against the host name (servername stays the URL's host).
    const lookup = (
      _hostname: string,
      options: { all?: boolean },
      callback: (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void,
    ) => {
      if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const req = mod.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: lookup as never,
        signal,
        headers: {
          accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
          'accept-encoding': 'identity',
          'user-agent': 'Locora-Calendar-Sync/1.0',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          reject(new CalendarFetchError(TOO_LARGE, { code: 'too_large' }));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new CalendarFetchError(TOO_LARGE, { code: 'too_large' }));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Fetches a calendar's text under the rules of the module comment. */
export async function fetchCalendarText(raw: string, policy: FetchPolicy, outer?: AbortSignal): Promise<string> {
  const timeoutMs = policy.timeoutMs ?? CALENDAR_FETCH_TIMEOUT_MS;
  const maxBytes = policy.maxBytes ?? CALENDAR_MAX_BYTES;
  const maxRedirects = policy.maxRedirects ?? CALENDAR_MAX_REDIRECTS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([timeout, outer]) : timeout;
  let url = calendarUrl(raw, policy.allowLoopback);
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await checkedAddress(url, policy);
      if (signal.aborted) throw new CalendarFetchError(TOO_SLOW, { code: 'too_slow' });
      const answer = await requestOnce(url, target, maxBytes, signal);
      if (answer.location !== undefined) {
        if (redirects >= maxRedirects) throw new CalendarFetchError(TOO_MANY_REDIRECTS, { code: 'too_many_redirects' });
        let next: URL;
        try {
          next = new URL(answer.location, url);
        } catch {
          throw new CalendarFetchError(NOT_A_WEB_ADDRESS, { code: 'not_a_web_address' });
        }
        url = calendarUrl(next.href, policy.allowLoopback);
        continue;
      }
      if (answer.status !== 200 || !answer.body)
        throw new CalendarFetchError(answeredStatus(answer.status), { code: 'answered_status', status: answer.status });
      return answer.body.toString('utf8');
    }
  } catch (err) {
    if (err instanceof CalendarFetchError) throw err;
    if (timeout.aborted) throw new CalendarFetchError(TOO_SLOW, { code: 'too_slow' });
    // Aborted from outside (the job runner stopping): not the calendar's fault.
    if (outer?.aborted) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      throw new CalendarFetchError(NOT_FOUND_HOST, { code: 'host_not_found' });
    if (/CERT|SSL|TLS/i.test(code)) throw new CalendarFetchError(BAD_CERTIFICATE, { code: 'bad_certificate' });
    throw new CalendarFetchError(COULD_NOT_CONNECT, { code: 'could_not_connect' });
  }
}
