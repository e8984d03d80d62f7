import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCategoryResponseSchema,
  adminServicePageSchema,
  adminServiceResponseSchema,
  adminServicesQuerySchema,
  adminStatsSchema,
  auditPageSchema,
  auditQuerySchema,
  createCategorySchema,
  ID_DOCUMENT_FIELD,
  ID_DOCUMENT_MAX_BYTES,
  idDocumentResponseSchema,
  pendingProviderListSchema,
  serviceStatusSchema,
  updateCategorySchema,
  verifyProviderResponseSchema,
  verifyProviderSchema,
} from '../../../shared/api/admin.ts';
import { okResponseSchema } from '../../../shared/api/auth-responses.ts';
import { idParamSchema } from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Db } from '../../db/open.ts';
import { readMultipartFile } from '../../http/multipart-file.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  adminDeleteService,
  createCategory,
  deleteCategory,
  getAdminStats,
  listAdminServices,
  listAuditLog,
  listPendingProviders,
  setServiceStatus,
  updateCategory,
  verifyProvider,
} from './admin.ts';
import { ID_DOCUMENT_TOO_LARGE_MESSAGE, openIdDocument, uploadIdDocument } from './id-documents.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * /api/admin/* (decision 021): admins only. The guard runs before validation, so an anonymous caller
 * gets 401 and a traveler or provider 403 whatever they send.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; documents: Storage }> = async (app, { db, documents }) => {
  const adminOnly = requireRole('ADMIN');
  const tags = ['admin'];

  app.get(
    '/api/admin/stats',
    {
      preValidation: adminOnly,
      schema: { tags, summary: 'The platform’s five numbers', response: { 200: adminStatsSchema, ...errors } },
    },
    async () => getAdminStats(db),
  );

  app.get(
    '/api/admin/providers/pending',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Providers waiting for verification: those with a document first',
        response: { 200: pendingProviderListSchema, ...errors },
      },
    },
    async () => listPendingProviders(db),
  );

  app.patch(
    '/api/admin/providers/:id/verify',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Approve or reject a provider’s identity (the optional reason is shown to the provider)',
        params: idParamSchema,
        body: verifyProviderSchema,
        response: { 200: verifyProviderResponseSchema, ...errors },
      },
    },
    async (request) => verifyProvider(db, requireUser(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/admin/providers/:id/id-document',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          'The provider’s identity document, for admins only: a JPEG or PNG (re-encoded, no metadata) inline, a PDF as a download',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const object = await openIdDocument(db, documents, request.params.id);
      // A PDF is only ever a download (a browser's PDF viewer runs scripts and forms); a picture,
      // re-encoded at upload, is shown inline.
      const pdf = object.contentType === 'application/pdf';
      return (
        reply
          .header('content-type', pdf ? 'application/pdf' : object.contentType)
          .header('content-length', object.size)
          .header(
            'content-disposition',
            pdf ? `attachment; filename="identity-document-${request.params.id}.pdf"` : 'inline',
          )
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Shown in a frame of the admin's own page (a PDF), never by another site; it runs nothing.
          .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
          .header('x-frame-options', 'SAMEORIGIN')
          .send(object.body)
      );
    },
  );

  app.get(
    '/api/admin/services',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Every service that is not deleted, newest first; q searches title or provider',
        querystring: adminServicesQuerySchema,
        response: { 200: adminServicePageSchema, ...errors },
      },
    },
    async (request) => listAdminServices(db, request.query),
  );

  app.patch(
    '/api/admin/services/:id/status',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Activate or deactivate a service (inactive services leave every public list)',
        params: idParamSchema,
        body: serviceStatusSchema,
        response: { 200: adminServiceResponseSchema, ...errors },
      },
    },
    async (request) => setServiceStatus(db, requireUser(request).id, request.params.id, request.body.isActive),
  );

  app.delete(
    '/api/admin/services/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Delete a service (kept for its bookings and reviews; 409 while bookings are still to happen)',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await adminDeleteService(db, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/categories',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Create a category (slug: 2-40 of a-z, 0-9 and -, unique)',
        body: createCategorySchema,
        response: { 201: adminCategoryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const category = await createCategory(db, requireUser(request).id, request.body);
      return reply.status(201).send({ category });
    },
  );

  app.patch(
    '/api/admin/categories/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Rename a category or change its icon (the slug stays)',
        params: idParamSchema,
        body: updateCategorySchema,
        response: { 200: adminCategoryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      category: await updateCategory(db, requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/admin/categories/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Delete a category (409 while any service uses it)',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCategory(db, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Admin decisions, most recent first',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => listAuditLog(db, request.query),
  );

  app.post(
    '/api/provider/id-document',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary:
          'Upload your identity document (multipart field "file": JPEG, PNG or PDF, at most 10 MB). Only admins can open it.',
        consumes: ['multipart/form-data'],
        response: { 201: idDocumentResponseSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const bytes = await readMultipartFile(
        request,
        ID_DOCUMENT_FIELD,
        ID_DOCUMENT_MAX_BYTES,
        ID_DOCUMENT_TOO_LARGE_MESSAGE,
      );
      return reply.status(201).send(await uploadIdDocument(db, documents, user.id, bytes));
    },
  );
};
