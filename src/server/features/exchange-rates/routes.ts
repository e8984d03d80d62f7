import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currencyViewSchema, type CurrencyView } from '../../../shared/api/currency.ts';
import { DISPLAY_CURRENCY_COOKIE, resolveDisplayCurrency } from '../../../shared/domain/display-currency.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { usableRates } from './exchange-rates.ts';

/** The display currency and rates for the one asking (decision 049). */
export const exchangeRateRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/api/currency',
    {
      schema: {
        tags: ['currency'],
        summary:
          'Your display currency (your account’s choice, else the `currency` cookie, else the region of Accept-Language; null: none) and the ECB reference rates estimates use (null when none is at most 4 days old)',
        response: { 200: currencyViewSchema },
      },
    },
    async (request, reply): Promise<CurrencyView> => {
      const resolved = resolveDisplayCurrency({
        account: request.user?.displayCurrency,
        cookie: request.cookies[DISPLAY_CURRENCY_COOKIE],
        acceptLanguage: request.headers['accept-language'],
      });
      const rates = await usableRates(db, clock.now());
      void reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie, Accept-Language');
      return {
        displayCurrency: resolved?.currency ?? null,
        source: resolved?.source ?? null,
        rates: rates ? { date: rates.date, perEuro: rates.perEuro } : null,
      };
    },
  );
};
