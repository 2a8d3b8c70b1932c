import { createHash } from 'node:crypto';
import {
  AUTH_MESSAGES,
  adminUpdateUserBody,
  errorReply,
  messageReply,
  passwordLoginBody,
  registerBody,
  resendOtpBody,
  updateProfileBody,
  user,
  userIdParams,
  userInfo,
  verifyOtpBody,
  type UserInfo,
} from '@rr/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { SmsSender } from '../../adapters/sms/index.ts';
import { HttpError } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  changePassword,
  deleteUserAsAdmin,
  findUser,
  listUsers,
  registerUser,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  toUser,
  updateUserAsAdmin,
  type UserRow,
} from './service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 429: errorReply };

export const accountRoutes: FastifyPluginAsync<{ sms: SmsSender }> = async (fastify, { sms }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One-time codes are hashed with a key of their own, derived from the signing secret.
  const otpKey = createHash('sha256').update(`otp:${app.config.jwt.secret}`).digest('base64url');

  async function signedIn(row: UserRow): Promise<UserInfo> {
    return { ...toUser(row), token: await app.tokens.sign(row.id, row.tokenVersion) };
  }

  /** A second limit keyed by the phone in the (validated) body, on top of the per-address one. */
  const perPhone = (max: number, timeWindow: string) => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      // The route's pattern, not request.url: a query string must not start a fresh count.
      keyGenerator: (request: FastifyRequest) =>
        `phone:${request.routeOptions.url}:${(request.body as { phone?: string }).phone ?? ''}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(
          429,
          `Too many attempts for this phone number. Please try again in ${Math.ceil(result.ttlInSeconds / 60)} minutes.`,
        );
      }
    };
  };
  const perAddress = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

  app.post(
    '/api/users',
    {
      config: perAddress(10, '1 hour'),
      schema: {
        tags: ['accounts'],
        summary: 'Register, and sign in',
        body: registerBody,
        response: { 201: userInfo, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await signedIn(await registerUser(app.db, request.body))),
  );

  app.post(
    '/api/users/loginviapassword',
    {
      config: perAddress(30, '15 minutes'),
      preHandler: perPhone(10, '15 minutes'),
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with phone and password',
        body: passwordLoginBody,
        response: { 200: userInfo, ...errors },
      },
    },
    async (request) => signedIn(await signInWithPassword(app.db, request.body.phone, request.body.password)),
  );

  app.post(
    '/api/users/resendOTP',
    {
      config: perAddress(20, '1 hour'),
      schema: {
        tags: ['accounts'],
        summary: 'Send a one-time sign-in code by SMS (at most once a minute and 5 an hour per phone)',
        body: resendOtpBody,
        response: { 200: messageReply, ...errors, 502: errorReply },
      },
    },
    async (request) => ({ message: await sendSignInCode(app.db, sms, otpKey, request.body.phone, request.ip) }),
  );

  app.post(
    '/api/users/verifyotp',
    {
      config: perAddress(30, '15 minutes'),
      preHandler: perPhone(10, '15 minutes'),
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with a one-time code',
        body: verifyOtpBody,
        response: { 200: userInfo, ...errors },
      },
    },
    async (request) => signedIn(await signInWithCode(app.db, otpKey, request.body.phone, request.body.otp)),
  );

  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/api/users/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: user, ...errors },
      },
    },
    async (request) => {
      const row = await findUser(app.db, signedInUser(request).id);
      if (!row) throw new HttpError(401, AUTH_MESSAGES.tokenFailed);
      return toUser(row);
    },
  );

  app.put(
    '/api/users/profile',
    {
      config: perAddress(20, '15 minutes'),
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (name, e-mail and phone stay as they are)',
        security: bearer,
        body: updateProfileBody,
        response: { 200: userInfo, ...errors },
      },
    },
    async (request) => signedIn(await changePassword(app.db, signedInUser(request).id, request.body.password)),
  );

  app.get(
    '/api/users',
    {
      onRequest: app.requireAdmin,
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
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One user (admin)',
        security: bearer,
        params: userIdParams,
        response: { 200: user, ...errors },
      },
    },
    async (request) => {
      const row = await findUser(app.db, request.params.id);
      if (!row) throw new HttpError(404, AUTH_MESSAGES.userNotFound);
      return toUser(row);
    },
  );

  app.put(
    '/api/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Change a user’s name, e-mail and admin right (admin; not one’s own right, not the last admin)',
        security: bearer,
        params: userIdParams,
        body: adminUpdateUserBody,
        response: { 200: user, ...errors },
      },
    },
    async (request) =>
      toUser(await updateUserAsAdmin(app.db, signedInUser(request).id, request.params.id, request.body)),
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user (admin; not oneself, not the last admin)',
        security: bearer,
        params: userIdParams,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await deleteUserAsAdmin(app.db, signedInUser(request).id, request.params.id);
      return { message: 'User removed' };
    },
  );
};
