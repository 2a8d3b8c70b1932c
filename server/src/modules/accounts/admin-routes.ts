import { adminUpdateUserBody, errorReply, messageReply, user, userIdParams } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { actorOf } from '../audit/index.ts';
import { deleteUserAsAdmin, endSessionsAsAdmin, getUser, listUsers, toUser, updateUserAsAdmin } from './service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

/** The users the staff look after, and the team the owner runs (issue 29: each call by its permission). */
export const userAdminRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users',
    {
      onRequest: app.requirePermission('customers.read'),
      schema: {
        tags: ['admin'],
        summary: 'All users (admin)',
        security: bearer,
        response: { 200: z.array(user), ...errors },
      },
    },
    async () => (await listUsers(app.db)).map(toUser),
  );

  app.get(
    '/api/users/:id',
    {
      onRequest: app.requirePermission('customers.read'),
      schema: {
        tags: ['admin'],
        summary: 'One user (admin)',
        security: bearer,
        params: userIdParams,
        response: { 200: user, ...errors },
      },
    },
    async (request) => toUser(await getUser(app.db, request.params.id)),
  );

  app.put(
    '/api/users/:id',
    {
      onRequest: app.requirePermission('customers.write'),
      schema: {
        tags: ['admin'],
        summary:
          'Change a user’s name and e-mail (staff), or `role` (owner only; not one’s own, not the last owner). SPEC’s `isAdmin` true makes a customer an owner, false a customer',
        security: bearer,
        params: userIdParams,
        body: adminUpdateUserBody,
        response: { 200: user, ...errors },
      },
    },
    async (request) => toUser(await updateUserAsAdmin(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: app.requirePermission('staff'),
      schema: {
        tags: ['admin'],
        summary: 'Delete a user (owner; not oneself, not the last owner)',
        security: bearer,
        params: userIdParams,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await deleteUserAsAdmin(app.db, actorOf(request), request.params.id);
      return { message: 'User removed' };
    },
  );

  app.delete(
    '/api/users/:id/sessions',
    {
      onRequest: app.requirePermission('staff'),
      schema: {
        tags: ['admin'],
        summary: 'End every session of a user at once: their tokens stop working (owner)',
        security: bearer,
        params: userIdParams,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await endSessionsAsAdmin(app.db, actorOf(request), request.params.id);
      return { message: 'Signed out everywhere' };
    },
  );
};
