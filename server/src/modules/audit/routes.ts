import {
  AUDIT_ENTITY_PERMISSIONS,
  auditPage,
  auditQuery,
  auditVerifyAnswer,
  errorReply,
  type AuditQuery,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../csv.ts';
import { assertMay, roleForbids, signedInUser, type AuthUser } from '../../plugins/auth.ts';
import { auditCsvLines, listAudit, verifyAudit } from './read.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply };
const bearer = [{ bearerAuth: [] }];
const tags = ['admin'];

/** One record's history is for whoever works on that record; anything wider is for the audit permission. */
function assertMayRead(user: AuthUser, query: AuditQuery): void {
  const oneRecord = query.entity && query.id && !query.actor && !query.action;
  assertMay(user, oneRecord ? AUDIT_ENTITY_PERMISSIONS[query.entity!] : 'audit');
}

/** Issue 29: the audit log, its CSV and the check of its hash chain. */
export const auditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit',
    {
      // Staff only before anything is read; which staff is the handler's (it depends on the filters).
      onRequest: async (request, reply) => {
        await app.authenticate(request, reply);
        if (!signedInUser(request).role) throw roleForbids(null);
      },
      schema: {
        tags,
        summary:
          'Audit log entries, newest first, by entity (and id), actor and Indian dates; `before` pages on. One record’s history (entity and id) is for whoever may work on it (staff)',
        security: bearer,
        querystring: auditQuery,
        response: { 200: auditPage, ...errors },
      },
    },
    async (request) => {
      assertMayRead(signedInUser(request), request.query);
      return listAudit(app.db, request.query);
    },
  );
  app.get(
    '/api/admin/audit/export',
    {
      onRequest: app.requirePermission('audit'),
      schema: {
        tags,
        summary: 'The audit entries the same filters select, oldest first, as CSV (owner)',
        security: bearer,
        querystring: auditQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => sendCsv(reply, 'audit-log.csv', auditCsvLines(app.db, request.query)),
  );
  app.get(
    '/api/admin/audit/verify',
    {
      onRequest: app.requirePermission('audit'),
      schema: {
        tags,
        summary: 'Walks the audit log’s hash chain: intact, or the first entry changed or missing (owner)',
        security: bearer,
        response: { 200: auditVerifyAnswer, ...errors },
      },
    },
    async () => verifyAudit(app.db),
  );
};
