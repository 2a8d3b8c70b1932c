import {
  MAX_IMPORT_BYTES,
  dashboardReply,
  errorCodes,
  errorReply,
  importApplyQuery,
  importApplyReply,
  importPreviewReply,
  lowStockSettingBody,
  ordersExportQuery,
  productIdParams,
  stockHistoryReply,
  UUID_PATTERN,
} from '@rr/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { sendCsv } from '../../csv.ts';
import { DomainError } from '../../domain-error.ts';
import { actorOf } from '../audit/index.ts';
import { productNotFound } from '../catalog/index.ts';
import { stockHistory } from '../stock/index.ts';
import { applyImport, catalogExportLines, previewImport } from './catalog-csv.ts';
import { dashboard } from './dashboard.ts';
import { ordersExportLines } from './orders-export.ts';
import { setLowStockThreshold } from './settings.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 413: errorReply };
const bearer = [{ bearerAuth: [] }];
const tags = ['admin'];
/** Files are heavy to make and to read: a few a minute is plenty for an admin, and bounds a stolen token. */
const FILE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; an import takes at most that. Split it into smaller files.`;

/** The uploaded CSV: the raw bytes of a text/csv body (decoded and checked by the import itself). */
function uploadedCsv(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
    throw new DomainError(
      'invalid_data',
      errorCodes.csvUnreadable,
      'Send the CSV file as the request body, with Content-Type text/csv.',
    );
  }
  return request.body;
}

/** Issue 15, the owner's desk: the dashboard, the orders and catalog CSV files, and stock history. */
/** Who applies an import, and the shop's address for the customers it leaves waiting for stock (issue 28). */
const importer = (app: FastifyInstance, request: FastifyRequest) => ({
  actor: actorOf(request),
  shopUrl: app.config.publicUrl,
});

export const ownerDeskRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Only these routes take CSV bodies (the parser is local to this plugin); a file over the limit is
  // refused as it streams in, before it is held in memory whole.
  app.addContentTypeParser('text/csv', async (_request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > MAX_IMPORT_BYTES) throw new DomainError('too_large', errorCodes.csvTooLarge, TOO_LARGE);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  });

  app.get(
    '/api/admin/dashboard',
    {
      onRequest: app.requirePermission('accounts'),
      schema: {
        tags,
        summary:
          'The owner dashboard: revenue, orders, average order value and Cash on Delivery share for today, 7 and 30 days beside the period before, revenue and orders per Indian day for 90 days, orders to ship, low stock, top products and new customers (admin)',
        security: bearer,
        response: { 200: dashboardReply, ...errors },
      },
    },
    async () => dashboard(app.db),
  );

  app.put(
    '/api/admin/settings/low-stock',
    {
      onRequest: app.requirePermission('settings'),
      schema: {
        tags,
        summary: 'Set how few units count as low stock on the dashboard (admin)',
        security: bearer,
        body: lowStockSettingBody,
        response: { 200: lowStockSettingBody, ...errors },
      },
    },
    async (request) => setLowStockThreshold(app.db, request.body, actorOf(request)),
  );

  app.get(
    '/api/admin/orders/export',
    {
      onRequest: app.requirePermission('accounts'),
      config: FILE_LIMIT,
      schema: {
        tags,
        summary: 'Orders placed in a range of Indian dates, in a state, as CSV, streamed (admin)',
        security: bearer,
        querystring: ordersExportQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `orders-${request.query.from}-to-${request.query.to}.csv`,
        ordersExportLines(app.db, request.query),
      ),
  );

  app.get(
    '/api/admin/catalog/export',
    {
      onRequest: app.requirePermission('catalog'),
      config: FILE_LIMIT,
      schema: {
        tags,
        summary: 'The catalog as CSV, in the columns the import reads (admin)',
        security: bearer,
        response: { 200: z.any(), ...errors },
      },
    },
    async (_request, reply) => sendCsv(reply, 'catalog.csv', catalogExportLines(app.db)),
  );

  app.post(
    '/api/admin/catalog/import/preview',
    {
      onRequest: app.requirePermission('catalog'),
      config: FILE_LIMIT,
      schema: {
        tags,
        summary:
          'What a catalog CSV (the request body, text/csv, UTF-8) would change, row by row, with every error by row and column; nothing is written (admin)',
        security: bearer,
        response: { 200: importPreviewReply, ...errors },
      },
    },
    async (request) => previewImport(app.db, uploadedCsv(request)),
  );

  app.post(
    '/api/admin/catalog/import',
    {
      onRequest: app.requirePermission('catalog'),
      config: FILE_LIMIT,
      schema: {
        tags,
        summary:
          'Applies a catalog CSV (the request body) in one transaction, if it has no errors and plans as its preview did (plan) (admin)',
        security: bearer,
        querystring: importApplyQuery,
        response: { 200: importApplyReply, ...errors },
      },
    },
    async (request) => applyImport(app.db, uploadedCsv(request), request.query.plan, importer(app, request)),
  );

  app.get(
    '/api/admin/products/:id/stock-history',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags,
        summary: "A product's latest stock changes: when, before and after, why and by whom (admin)",
        security: bearer,
        params: productIdParams,
        response: { 200: stockHistoryReply, ...errors },
      },
    },
    async (request) => {
      if (!UUID_PATTERN.test(request.params.id)) throw productNotFound();
      const history = await stockHistory(app.db, request.params.id.toLowerCase());
      if (!history) throw productNotFound();
      return history;
    },
  );
};
