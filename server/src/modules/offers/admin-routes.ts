import {
  coupon,
  couponInput,
  couponUpdate,
  errorReply,
  messageReply,
  offerIdParams,
  sale,
  saleInput,
  saleUpdate,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/index.ts';
import {
  createCoupon,
  createSale,
  deleteCoupon,
  deleteSale,
  listCoupons,
  listSales,
  updateCoupon,
  updateSale,
} from './admin.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

const admin = (summary: string) => ({ tags: ['admin'], summary, security: bearer });

/** Issue 26: the owner's coupon codes (admin). */
export const couponAdminRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/coupons',
    {
      onRequest: app.requirePermission('offers'),
      schema: {
        ...admin('Coupon codes, newest first, with their uses, revenue and discount given (admin)'),
        response: { 200: z.array(coupon), ...errors },
      },
    },
    async () => listCoupons(app.db),
  );
  app.post(
    '/api/admin/coupons',
    {
      onRequest: app.requirePermission('offers'),
      schema: { ...admin('Create a coupon code (admin)'), body: couponInput, response: { 201: coupon, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createCoupon(app.db, request.body, actorOf(request))),
  );
  app.put(
    '/api/admin/coupons/:id',
    {
      onRequest: app.requirePermission('offers'),
      schema: {
        ...admin('Change a coupon: the fields sent replace its own (admin)'),
        params: offerIdParams,
        body: couponUpdate,
        response: { 200: coupon, ...errors },
      },
    },
    async (request) => updateCoupon(app.db, request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/api/admin/coupons/:id',
    {
      onRequest: app.requirePermission('offers'),
      schema: {
        ...admin('Delete a coupon; its orders keep their code and discount (admin)'),
        params: offerIdParams,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await deleteCoupon(app.db, request.params.id, actorOf(request));
      return { message: 'Coupon deleted' };
    },
  );
};

/** Issue 26: the owner's scheduled sales (admin). */
export const saleAdminRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/sales',
    {
      onRequest: app.requirePermission('offers'),
      schema: {
        ...admin('Scheduled sales, latest start first, with their uses and revenue (admin)'),
        response: { 200: z.array(sale), ...errors },
      },
    },
    async () => listSales(app.db),
  );
  app.post(
    '/api/admin/sales',
    {
      onRequest: app.requirePermission('offers'),
      schema: {
        ...admin('Schedule a sale: percent off categories or products between two moments (admin)'),
        body: saleInput,
        response: { 201: sale, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSale(app.db, request.body, actorOf(request))),
  );
  app.put(
    '/api/admin/sales/:id',
    {
      onRequest: app.requirePermission('offers'),
      schema: {
        ...admin('Change a sale: the fields sent replace its own (admin)'),
        params: offerIdParams,
        body: saleUpdate,
        response: { 200: sale, ...errors },
      },
    },
    async (request) => updateSale(app.db, request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/api/admin/sales/:id',
    {
      onRequest: app.requirePermission('offers'),
      schema: { ...admin('Delete a sale (admin)'), params: offerIdParams, response: { 200: messageReply, ...errors } },
    },
    async (request) => {
      await deleteSale(app.db, request.params.id, actorOf(request));
      return { message: 'Sale deleted' };
    },
  );
};

/** Issue 26: the owner's coupon codes and scheduled sales (admin). */
export const offerAdminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(couponAdminRoutes);
  await app.register(saleAdminRoutes);
};
