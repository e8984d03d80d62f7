/**
 * A local stand-in for the European Central Bank's rates feed, speaking its protocol: GET (or HEAD)
 * `/stats/eurofxref/eurofxref-daily.xml` answers the day's euro reference rates in the ECB's own
 * XML (a gesmes Envelope, single-quoted attributes, every currency the ECB quotes, in its order),
 * as text/xml; any other path is a 404 and any other method a 405, as at the ECB. Tests set the day
 * and its rates (`publish`), make it fail (`failWith(503)`), hang (`hang()`) or answer something
 * that is not the format (`serveBody`), and count the requests. FX_RATES_URL points the app at
 * `url`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalendarDate } from '../../shared/domain/calendar-date.ts';

export const ECB_DAILY_PATH = '/stats/eurofxref/eurofxref-daily.xml';

/**
 * The ECB's reference rates of 21 October 2025, every currency it quoted that day, in its order
 * (the stand-in's default day; tests publish their own).
 */
export const ECB_RATES_2025_10_21: Record<string, string> = {
  USD: '1.1607',
  JPY: '176.45',
  BGN: '1.9558',
  CZK: '24.314',
  DKK: '7.4691',
  GBP: '0.86780',
  HUF: '389.63',
  PLN: '4.2393',
  RON: '5.0838',
  SEK: '10.9345',
  CHF: '0.9230',
  ISK: '141.60',
  NOK: '11.6693',
  TRY: '48.7114',
  AUD: '1.7885',
  BRL: '6.2526',
  CAD: '1.6301',
  CNY: '8.2626',
  HKD: '9.0204',
  IDR: '19272.67',
  ILS: '3.8174',
  INR: '102.1073',
  KRW: '1660.38',
  MXN: '21.4006',
  MYR: '4.9086',
  NZD: '2.0287',
  PHP: '67.761',
  SGD: '1.5061',
  THB: '38.071',
  ZAR: '20.1148',
};

/** The daily file as the ECB writes it. */
export function ecbDailyXml(date: CalendarDate, rates: Record<string, string>): string {
  const cubes = Object.entries(rates)
    .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;
}

export type EcbRatesServer = {
  /** The feed's full address (what FX_RATES_URL takes). */
  url: string;
  /** Requests for the feed so far. */
  readonly requests: number;
  /** From now on, the feed is this day's rates (default: the ECB's of 21 October 2025). */
  publish(date: CalendarDate, rates?: Record<string, string>): void;
  /** Answer with this status (no rates) until `publish` again. */
  failWith(status: number): void;
  /** Never answer (the app's timeout must give up) until `publish` again. */
  hang(): void;
  /** Answer 200 with this body instead of the feed. */
  serveBody(body: string): void;
  close(): Promise<void>;
};

export async function startEcbRatesServer(
  opts: { date?: CalendarDate; rates?: Record<string, string>; port?: number } = {},
): Promise<EcbRatesServer> {
  type Mode = { kind: 'rates'; body: string } | { kind: 'status'; status: number } | { kind: 'hang' };
  let mode: Mode = { kind: 'rates', body: ecbDailyXml(opts.date ?? '2025-10-21', opts.rates ?? ECB_RATES_2025_10_21) };
  let requests = 0;
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== ECB_DAILY_PATH) {
      res.writeHead(404, { 'content-type': 'text/html; charset=iso-8859-1' }).end('<h1>Not Found</h1>');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/html' }).end('<h1>Method Not Allowed</h1>');
      return;
    }
    requests += 1;
    if (mode.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (mode.kind === 'status') {
      res.writeHead(mode.status, { 'content-type': 'text/html' }).end(`<h1>${mode.status}</h1>`);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml', 'cache-control': 'max-age=0' });
    res.end(req.method === 'HEAD' ? undefined : mode.body);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${ECB_DAILY_PATH}`,
    get requests() {
      return requests;
    },
    publish(date, rates = ECB_RATES_2025_10_21) {
      mode = { kind: 'rates', body: ecbDailyXml(date, rates) };
    },
    failWith(status) {
      mode = { kind: 'status', status };
    },
    hang() {
      mode = { kind: 'hang' };
    },
    serveBody(body) {
      mode = { kind: 'rates', body };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
