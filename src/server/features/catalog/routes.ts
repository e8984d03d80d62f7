import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  citySuggestionListSchema,
  citySuggestQuerySchema,
  idParamSchema,
  serviceDetailSchema,
  serviceSchema,
  serviceSearchSchema,
} from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { FEATURED_SERVICES_COUNT } from '../../../shared/domain/constants.ts';
import { DISPLAY_CURRENCY_COOKIE, resolveDisplayCurrency } from '../../../shared/domain/display-currency.ts';
import type { Db } from '../../db/open.ts';
import { suggestCities, suggestPlaces } from './places.ts';
import { payeeRefusal, type ConnectOptions } from '../../payments/connect-accounts.ts';
import {
  getServiceDetail,
  listCategories,
  listFeaturedServices,
  SEARCH_COUNT_LIMIT,
  searchServices,
} from './catalog.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Payments are configured (decision 038): a service says when its provider cannot be booked yet. */
  connect?: ConnectOptions | undefined;
}> = async (app, { db, connect }) => {
  app.get(
    '/api/categories',
    { schema: { tags: ['catalog'], summary: 'All categories', response: { 200: z.array(categorySchema) } } },
    async () => listCategories(db),
  );

  app.get(
    '/api/services/featured',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Featured services (verified, well and often rated)',
        response: { 200: z.array(serviceSchema) },
      },
    },
    async () => listFeaturedServices(db, FEATURED_SERVICES_COUNT, connect),
  );

  app.get(
    '/api/services',
    {
      schema: {
        tags: ['catalog'],
        summary: `Search active services. Words of time in q (today, tonight, tomorrow, this weekend, in six languages) and date (yyyy-MM-dd) keep services with a free start then in their own zone; "near me" needs city (else X-Search-Needs-City: true and no results); the city q names is in X-Search-City (percent-encoded). The total is in X-Total-Count (exact up to ${SEARCH_COUNT_LIMIT} matches, or to the page asked for when deeper; X-Total-Count-Capped: true beyond, when it is a floor).`,
        querystring: serviceSearchSchema,
        response: { 200: z.array(serviceSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      // A price range without its currency is in the asker's display currency (decision 049).
      const display = resolveDisplayCurrency({
        account: request.user?.displayCurrency,
        cookie: request.cookies[DISPLAY_CURRENCY_COOKIE],
        acceptLanguage: request.headers['accept-language'],
      });
      const result = await searchServices(db, request.query, { displayCurrency: display?.currency, connect });
      void reply.header('x-total-count', String(result.total));
      // "true" when there are more matches than the count went up to (X-Total-Count is then a floor).
      void reply.header('x-total-count-capped', String(result.isTotalCapped));
      void reply.header('x-page', String(result.page));
      void reply.header('x-page-size', String(result.pageSize));
      // "near me" without a city: the traveler is asked for one (the list is empty, not "none found").
      if (result.needsCity) void reply.header('x-search-needs-city', 'true');
      // The city the text named, for the city box (ASCII-safe: percent-encoded).
      if (result.queryCity) void reply.header('x-search-city', encodeURIComponent(result.queryCity));
      if (result.when) void reply.header('x-search-when', result.when);
      return result.services;
    },
  );

  app.get(
    '/api/cities/suggest',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Cities served that match a typed place (name, other name or area; accents, case and small typos do not matter), with their service counts; without q, every city served',
        querystring: citySuggestQuerySchema,
        response: { 200: citySuggestionListSchema, 400: errorBodySchema },
      },
    },
    async (request) => suggestCities(db, request.query.q, connect),
  );

  app.get(
    '/api/places/suggest',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Known places that match a typed city in any of their names (other names, scripts and languages, areas; accents and case do not matter), served yet or not: what the service form’s City offers. serviceCount is 0.',
        querystring: citySuggestQuerySchema,
        response: { 200: citySuggestionListSchema, 400: errorBodySchema },
      },
    },
    async (request) => (request.query.q ? suggestPlaces(db, request.query.q) : []),
  );

  app.get(
    '/api/services/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One service with its reviews',
        params: idParamSchema,
        response: { 200: serviceDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const detail = await getServiceDetail(db, request.params.id, request.user);
      if (!connect) return detail;
      return { ...detail, bookingsClosedReason: (await payeeRefusal(db, detail.provider.id, connect)) ?? null };
    },
  );
};
