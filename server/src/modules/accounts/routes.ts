import { createHash } from 'node:crypto';
import {
  errorReply,
  messageReply,
  passwordLoginBody,
  registerBody,
  user,
  resendOtpBody,
  updateProfileBody,
  userInfo,
  verifyOtpBody,
  verifyOtpReply,
  type UserInfo,
} from '@rr/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SmsSender } from '../../adapters/sms/index.ts';
import { bearerToken, signedInUser, type SignInSession } from '../../plugins/auth.ts';
import { messageSettings } from '../messages/index.ts';
import { clientKey } from '../../plugins/client-address.ts';
import { refuseWhileHashingIsFull } from './passwords.ts';
import {
  changePassword,
  ownAccount,
  profileOf,
  setMessageChoices,
  registerUser,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  toUser,
  type UserRow,
} from './service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 429: errorReply };

export const accountRoutes: FastifyPluginAsync<{ sms: SmsSender }> = async (fastify, { sms }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One-time codes are hashed with a key of their own, derived from the signing secret.
  const otpKey = createHash('sha256').update(`otp:${app.config.jwt.secret}`).digest('base64url');

  const messages = messageSettings(app.config);

  /** User info with a token of the session: a new sign-in's, or the one the request's token belongs to. */
  async function signedIn(row: UserRow, session: SignInSession): Promise<UserInfo> {
    return { ...toUser(row), token: await app.tokens.sign(row.id, row.tokenVersion, session) };
  }
  const newSession = (method: SignInSession['method']): SignInSession => ({ method, signedInAt: new Date() });
  // Per-phone limits count failed sign-ins in the database (service.ts), not requests: the owner's
  // own sign-ins never lock the account, and the counts hold across instances and addresses.
  const client = (request: FastifyRequest) => clientKey(request.ip);
  const perAddress = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
  // Routes that hash a password: a full hashing queue refuses at once, before the body is even read.
  const hashes = { onRequest: async () => refuseWhileHashingIsFull() };

  app.post(
    '/api/users',
    {
      ...hashes,
      config: perAddress(10, '1 hour'),
      schema: {
        tags: ['accounts'],
        summary: 'Register, and sign in',
        body: registerBody,
        response: { 201: userInfo, ...errors },
      },
    },
    // The registrant just chose the password: a password session.
    async (request, reply) =>
      reply.code(201).send(await signedIn(await registerUser(app.db, request.body), newSession('password'))),
  );

  app.post(
    '/api/users/loginviapassword',
    {
      ...hashes,
      config: perAddress(30, '15 minutes'),
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with phone and password',
        body: passwordLoginBody,
        response: { 200: userInfo, ...errors },
      },
    },
    async (request) =>
      signedIn(
        await signInWithPassword(app.db, request.body.phone, request.body.password, client(request)),
        newSession('password'),
      ),
  );

  // Both ways to ask for a code share one handler and one per-address count, so neither doubles the
  // other's limit; the per-phone limits are in `sendSignInCode`. A limiter made outside a route has no
  // route name to keep its counts apart in a shared store, so its keys carry their own.
  const codeRequestLimit = app.rateLimit({
    max: 20,
    timeWindow: '1 hour',
    keyGenerator: (request) => `sign-in-code:${client(request)}`,
  });
  const sendCode = (path: string, summary: string) =>
    app.post(
      path,
      {
        onRequest: codeRequestLimit,
        schema: {
          tags: ['accounts'],
          summary,
          body: resendOtpBody,
          response: { 200: messageReply, ...errors, 502: errorReply },
        },
      },
      async (request) => ({
        message: await sendSignInCode(app.db, sms, otpKey, request.body.phone, client(request)),
      }),
    );
  sendCode(
    '/api/users/resendOTP',
    'Send a one-time sign-in code by SMS (at most once a minute and 5 an hour per phone)',
  );
  sendCode(
    '/api/users/login',
    'The original client’s way to ask for a sign-in code: the same as POST /api/users/resendOTP, with the same limits',
  );

  app.post(
    '/api/users/verifyotp',
    {
      ...hashes,
      config: perAddress(30, '15 minutes'),
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in with a one-time code (admins send their password too). The first code sign-in proves the phone: sent with a token of a session the password earned (registering or signing in with it), the password stays; otherwise it is reset, other sessions end, the customer is told by SMS and e-mail, and the reply says `passwordReset: true`',
        body: verifyOtpBody,
        response: { 200: verifyOtpReply, ...errors },
      },
    },
    async (request) => {
      const { phone, otp, password } = request.body;
      // Optional: a token that fails to verify is no session, and the sign-in goes on without one.
      const token = bearerToken(request);
      const session = token ? await app.tokens.verify(token) : null;
      const { user: row, passwordReset } = await signInWithCode(app.db, otpKey, messages, {
        phone,
        code: otp,
        password,
        client: client(request),
        session,
      });
      return { ...(await signedIn(row, newSession('code'))), ...(passwordReset ? { passwordReset } : {}) };
    },
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
      return profileOf(await ownAccount(app.db, signedInUser(request).id));
    },
  );

  app.put(
    '/api/users/profile',
    {
      config: perAddress(20, '15 minutes'),
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary:
          'Change the password with the current one, or within 15 minutes of a sign-in (password or code); other sign-ins end (a blank password keeps it; name, e-mail and phone stay as they are); `orderEmails` switches e-mails about orders on or off, `whatsappOptIn` order messages on WhatsApp, `language` (en, hi) the language of their messages. The new token keeps how and when its session signed in',
        security: bearer,
        body: updateProfileBody,
        response: { 200: userInfo, ...errors },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      const { password, currentPassword, orderEmails, whatsappOptIn, language } = request.body;
      // The password first: a refused change (wrong current password) must leave the setting as it was.
      const account = password
        ? await changePassword(app.db, me, { password, currentPassword }, client(request))
        : await ownAccount(app.db, me.id);
      await setMessageChoices(app.db, me.id, { orderEmails, whatsappOptIn, language });
      return signedIn(account, me.session);
    },
  );
};
