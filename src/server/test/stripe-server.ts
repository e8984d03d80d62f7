/**
 * A local server speaking Stripe's HTTP API for exactly the calls Locora makes (issue 10): create,
 * retrieve, capture and cancel a PaymentIntent, create a refund. It honours Idempotency-Key (the
 * same key answers the first answer again), can be told to answer 500 or to hang, and builds the
 * webhook events Stripe would send, signed with the SDK's own generateTestHeaderString. The official
 * `stripe` SDK is pointed at it through STRIPE_API_URL (its host/port/protocol options).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: string;
  last_payment_error: { message: string; code: string; type: string } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
};

type Call = { method: string; path: string; idempotencyKey: string | undefined; form: Record<string, string> };

/** Stripe's form encoding, flattened: `metadata[bookingId]` stays a key of its own. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

export async function startStripeServer() {
  const intents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<
    string,
    { id: string; object: 'refund'; amount: number; payment_intent: string; status: string }
  >();
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  const calls: Call[] = [];
  const hanging = new Set<http.ServerResponse>();
  let seq = 0;
  /**
   * 'ok'; 'fail': every call answers 500; 'hang': calls get no answer; 'apply-then-hang': a POST's
   * change is made but its answer never comes (reads still answer).
   */
  let mode: 'ok' | 'fail' | 'hang' | 'apply-then-hang' = 'ok';
  /** The status a new refund is made with ('pending': Stripe has not made it yet). */
  let refundStatus = 'succeeded';

  const next = (prefix: string) => `${prefix}_test${(++seq).toString().padStart(6, '0')}`;
  const error = (status: number, message: string, code = 'payment_intent_unexpected_state') => ({
    status,
    body: { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', code, message } },
  });

  function route(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return error(400, 'Amount must be at least 50 cents', 'amount_too_small');
      if (amount > 99_999_999) return error(400, 'Amount must be no more than $999,999.99', 'amount_too_large');
      const id = next('pi');
      const metadata: Record<string, string> = {};
      const types: string[] = [];
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
        if (/^payment_method_types\[\d+\]$/.test(k)) types.push(v);
      }
      const pi: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: form.currency ?? 'usd',
        capture_method: form.capture_method ?? 'automatic',
        client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
        metadata,
        payment_method_types: types.length ? types : ['card'],
        status: 'requires_payment_method',
        last_payment_error: null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, pi);
      return { status: 200, body: pi };
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path);
    if (m) {
      const pi = intents.get(decodeURIComponent(m[1]!));
      if (!pi) return error(404, 'No such payment_intent', 'resource_missing');
      if (method === 'GET' && !m[2]) return { status: 200, body: pi };
      if (method === 'POST' && m[2] === '/capture') {
        if (pi.status !== 'requires_capture')
          return error(400, `This PaymentIntent could not be captured because it has a status of ${pi.status}.`);
        pi.status = 'succeeded';
        pi.amount_received = pi.amount;
        pi.amount_capturable = 0;
        return { status: 200, body: pi };
      }
      if (method === 'POST' && m[2] === '/cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled')
          return error(400, `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`);
        pi.status = 'canceled';
        pi.amount_capturable = 0;
        return { status: 200, body: pi };
      }
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...refunds.values()].filter(
        (r) => !form.payment_intent || r.payment_intent === form.payment_intent,
      );
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data: data.reverse() } };
    }
    const r = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && r) {
      const refund = refunds.get(decodeURIComponent(r[1]!));
      return refund ? { status: 200, body: refund } : error(404, 'No such refund', 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(form.payment_intent ?? '');
      if (!pi) return error(404, 'No such payment_intent', 'resource_missing');
      if (pi.status !== 'succeeded') return error(400, 'This PaymentIntent has not been captured.');
      const already = [...refunds.values()]
        .filter((r) => r.payment_intent === pi.id && r.status !== 'failed' && r.status !== 'canceled')
        .reduce((n, r) => n + r.amount, 0);
      if (already >= pi.amount) return error(400, 'Charge has already been refunded.', 'charge_already_refunded');
      const refund = {
        id: next('re'),
        object: 'refund' as const,
        amount: pi.amount - already,
        payment_intent: pi.id,
        status: refundStatus,
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`, 'resource_missing');
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => void answer(req, res, body));
  });
  /** Runs before a call is answered (a test making a change "while Stripe is working"), once. */
  let beforeAnswer: ((call: Call) => Promise<void> | void) | undefined;
  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    // A GET's parameters are in its query string (e.g. GET /v1/refunds?payment_intent=...).
    const form = { ...Object.fromEntries(url.searchParams), ...parseForm(body) };
    const call = { method: req.method ?? 'GET', path: url.pathname, idempotencyKey, form };
    calls.push(call);
    if (beforeAnswer) {
      const hook = beforeAnswer;
      beforeAnswer = undefined;
      await hook(call);
    }
    const send = (status: number, payload: unknown, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${seq}`,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (req.headers.authorization !== 'Bearer sk_test_locora')
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (mode === 'fail')
      return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
    const signature = `${req.method} ${url.pathname} ${body}`;
    if (idempotencyKey && req.method === 'POST') {
      const seen = idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.request !== signature)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        if (mode === 'apply-then-hang') {
          hanging.add(res);
          return;
        }
        return send(seen.status, seen.body, true);
      }
    }
    const result = route(req.method ?? 'GET', url.pathname, form);
    const text = JSON.stringify(result.body);
    if (idempotencyKey && req.method === 'POST' && result.status < 500 && !idempotent.has(idempotencyKey))
      idempotent.set(idempotencyKey, { request: signature, status: result.status, body: text });
    if (mode === 'apply-then-hang' && req.method === 'POST') {
      hanging.add(res);
      return;
    }
    send(result.status, text);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhookSecret = 'whsec_locora_test';
  let eventSeq = 0;

  function intent(id: string): FakePaymentIntent {
    const pi = intents.get(id);
    if (!pi) throw new Error(`no PaymentIntent ${id}`);
    return pi;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey: 'sk_test_locora',
    publishableKey: 'pk_test_locora',
    webhookSecret,
    calls,
    intents,
    refunds,
    intent,
    /** What Stripe.js does when the traveler's card is accepted: the amount is held. */
    authorize(id: string) {
      const pi = intent(id);
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      pi.latest_charge = next('ch');
      return pi;
    },
    /** The traveler's card was declined: the PaymentIntent waits for another card. */
    declineCard(id: string, message = 'Your card was declined.') {
      const pi = intent(id);
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { message, code: 'card_declined', type: 'card_error' };
      return pi;
    },
    /** The status new refunds get (and, for a refund made already, set it: Stripe finished or failed it). */
    setRefundStatus(status: string, refundId?: string) {
      if (refundId) {
        const refund = refunds.get(refundId);
        if (!refund) throw new Error(`no refund ${refundId}`);
        refund.status = status;
      } else refundStatus = status;
    },
    /** Runs `hook` before the next call is answered (then it is gone). */
    beforeNextAnswer(hook: (call: Call) => Promise<void> | void) {
      beforeAnswer = hook;
    },
    setMode(next: typeof mode) {
      mode = next;
      if (next === 'ok' || next === 'fail') {
        for (const res of hanging) res.destroy();
        hanging.clear();
      }
    },
    /** A webhook event of `type` about a PaymentIntent as it is now (or a charge.refunded of it). */
    event(type: string, piId: string, overrides: Record<string, unknown> = {}) {
      const pi = intent(piId);
      eventSeq += 1;
      const object =
        type === 'charge.refunded'
          ? {
              id: pi.latest_charge ?? `ch_of_${pi.id}`,
              object: 'charge',
              amount: pi.amount,
              amount_refunded: pi.amount,
              refunded: true,
              payment_intent: pi.id,
              ...overrides,
            }
          : type === 'refund.failed' || type === 'refund.updated' || type === 'charge.refund.updated'
            ? {
                ...structuredClone([...refunds.values()].filter((r) => r.payment_intent === pi.id).at(-1)),
                ...overrides,
              }
            : { ...structuredClone(pi), ...overrides };
      return {
        id: `evt_test${String(eventSeq).padStart(6, '0')}_${Math.random().toString(36).slice(2, 8)}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      };
    },
    /** The body and Stripe-Signature header of an event, signed as Stripe signs (or with another secret). */
    sign(event: unknown, secret = webhookSecret) {
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    async close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
