import { errorReply, messageReply, searchSynonym, searchSynonymInput, searchSynonymParams } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/index.ts';
import { deleteSynonym, listSynonyms, saveSynonym } from './synonyms.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };
const bearer = [{ bearerAuth: [] }];

/** Issue 14: the trade's names the search knows (admin). */
export const searchSynonymRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/search-synonyms',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: "The trade's names the search knows: each term and the catalog's words it stands for (admin)",
        security: bearer,
        response: { 200: z.array(searchSynonym), ...errors },
      },
    },
    async () => listSynonyms(app.db),
  );

  app.post(
    '/api/admin/search-synonyms',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: 'Add a search synonym; a term that exists takes the new words (admin)',
        security: bearer,
        body: searchSynonymInput,
        response: { 201: searchSynonym, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await saveSynonym(app.db, request.body, actorOf(request))),
  );

  app.delete(
    '/api/admin/search-synonyms/:id',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: 'Delete a search synonym (admin)',
        security: bearer,
        params: searchSynonymParams,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await deleteSynonym(app.db, request.params.id, actorOf(request));
      return { message: 'Search synonym removed' };
    },
  );
};
