import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Where an instance is in its life, as a load balancer must see it:
 * - `serving`: ready;
 * - `draining`: a stop was asked for. /readyz answers 503 so the balancer takes the instance out
 *   of rotation, but every other request is still served (the balancer needs a few checks to
 *   notice), each with `Connection: close`, so clients reconnect through the balancer elsewhere;
 * - `closing`: the listener is closed. Requests in flight finish; a new one arriving on a
 *   connection that is still open gets a 503 with Retry-After.
 */
export type LifecycleState = 'serving' | 'draining' | 'closing';

export type Lifecycle = {
  readonly state: LifecycleState;
  startDraining(): void;
  startClosing(): void;
};

export function createLifecycle(): Lifecycle {
  let state: LifecycleState = 'serving';
  return {
    get state() {
      return state;
    },
    startDraining() {
      if (state === 'serving') state = 'draining';
    },
    startClosing() {
      state = 'closing';
    },
  };
}

/** Seconds a client is told to wait before retrying a request refused while this instance closes. */
export const CLOSING_RETRY_AFTER_SECONDS = 1;

/** Registers the lifecycle's effect on every request (see Lifecycle). Call before the routes. */
export function registerLifecycle(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onRequest', async () => {
    if (lifecycle.state === 'closing') {
      throw new AppError('UNAVAILABLE', 'This server is shutting down. Please try again.', {
        'retry-after': String(CLOSING_RETRY_AFTER_SECONDS),
      });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (lifecycle.state !== 'serving' && request.raw.httpVersionMajor === 1) void reply.header('connection', 'close');
  });
}
