import * as z from 'zod/mini';
import { OTP_LENGTH } from '../constants.ts';
import { LANGUAGES } from '../i18n.ts';
import { normalizeIndianMobile } from '../phone.ts';
import { STAFF_ROLES } from '../staff.ts';
import { staffRoleInput } from './audit.ts';
import { email } from './common.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;

export const phone = z.pipe(
  z
    .string({ error: 'phone must be text' })
    .check(z.maxLength(20, { error: 'phone must be a 10-digit Indian mobile number' })),
  z.pipe(
    z.transform((v: string) => normalizeIndianMobile(v) ?? ''),
    z.string().check(z.regex(/^[6-9]\d{9}$/, { error: 'phone must be a 10-digit Indian mobile number' })),
  ),
);

export const personName = z
  .string({ error: 'name must be text' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'name is required' }),
    z.maxLength(NAME_MAX, { error: `name must be at most ${NAME_MAX} characters` }),
  );

export const newPassword = z
  .string({ error: 'password must be text' })
  .check(
    z.minLength(PASSWORD_MIN, { error: `password must be at least ${PASSWORD_MIN} characters` }),
    z.maxLength(PASSWORD_MAX, { error: `password must be at most ${PASSWORD_MAX} characters` }),
  );

const anyPassword = z
  .string({ error: 'password must be text' })
  .check(
    z.minLength(1, { error: 'password is required' }),
    z.maxLength(PASSWORD_MAX, { error: `password must be at most ${PASSWORD_MAX} characters` }),
  );

/** Issue 30: the language of a customer's messages and pages ('en' or 'hi'). */
export const languageField = z.enum(LANGUAGES, { error: "language must be 'en' or 'hi'" });

/** POST /api/users (issue 30: `language`, the page's, kept on the account; 'en' when left out) */
export const registerBody = z.object({
  name: personName,
  email,
  phone,
  password: newPassword,
  language: z.optional(languageField),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/users/loginviapassword */
export const passwordLoginBody = z.object({ phone, password: anyPassword });
export type PasswordLoginBody = z.infer<typeof passwordLoginBody>;

/** POST /api/users/resendOTP */
export const resendOtpBody = z.object({ phone });
export type ResendOtpBody = z.infer<typeof resendOtpBody>;

/** POST /api/users/verifyotp (an admin account also sends its password) */
export const verifyOtpBody = z.object({
  phone,
  otp: z
    .string({ error: 'otp must be text' })
    .check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `otp must be ${OTP_LENGTH} digits` })),
  password: z.optional(anyPassword),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

/**
 * PUT /api/users/profile: SPEC sends id, name, email, phone and password; only the password changes
 * (name, email and phone stay as they are), so the rest is accepted and ignored. A blank or missing
 * password keeps the password; a new one needs `currentPassword` unless the user signed in less than 15
 * minutes ago.
 */
export const updateProfileBody = z.object({
  id: z.optional(z.unknown()),
  name: z.optional(z.unknown()),
  email: z.optional(z.unknown()),
  phone: z.optional(z.unknown()),
  password: z.pipe(
    z.transform((v: unknown) => (v === '' || v === null ? undefined : v)),
    z.optional(newPassword),
  ),
  currentPassword: z.optional(
    z
      .string({ error: 'currentPassword must be text' })
      .check(z.maxLength(PASSWORD_MAX, { error: `currentPassword must be at most ${PASSWORD_MAX} characters` })),
  ),
  /** PRODUCT.md "Order messages": e-mails about orders on or off (SMS about orders always go). */
  orderEmails: z.optional(z.boolean({ error: 'orderEmails must be true or false' })),
  /** Issue 27: order messages on WhatsApp on (the opt-in is recorded) or off (withdrawn). */
  whatsappOptIn: z.optional(z.boolean({ error: 'whatsappOptIn must be true or false' })),
  /** Issue 30: the language of the customer's messages. */
  language: z.optional(languageField),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** PUT /api/users/:id (admin): SPEC's edit screen sends all three; a field left out keeps its value (PRODUCT.md). */
export const adminUpdateUserBody = z.object({
  _id: z.optional(z.unknown()),
  name: z.optional(personName),
  email: z.optional(email),
  isAdmin: z.optional(z.boolean({ error: 'isAdmin must be true or false' })),
  /** Issue 29 (owner only): the staff role, or null for a customer. Wins over `isAdmin`. */
  role: z.optional(staffRoleInput),
});
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBody>;

/** What sign-in, registration and profile update return (SPEC §3 user info). */
export const userInfo = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  isAdmin: z.boolean(),
  /** Issue 29: the staff role (isAdmin is true for any), null for a customer. */
  role: z.nullable(z.enum(STAFF_ROLES)),
  token: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * POST /api/users/verifyotp: user info, and `passwordReset: true` when this sign-in proved the phone
 * and reset the password whoever registered the number had set (the screen that follows says so).
 */
export const verifyOtpReply = z.extend(userInfo, { passwordReset: z.optional(z.boolean()) });
export type VerifyOtpReply = z.infer<typeof verifyOtpReply>;

export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  isAdmin: z.boolean(),
  /** Issue 29: the staff role (isAdmin is true for any), null for a customer. */
  role: z.nullable(z.enum(STAFF_ROLES)),
  createdAt: z.string(),
  /** The profile only (GET /api/users/profile): whether the user gets e-mails about their orders. */
  orderEmails: z.optional(z.boolean()),
  /** The profile only: whether a one-time code has proven the phone number. */
  phoneVerified: z.optional(z.boolean()),
  /** The profile only (issue 27): whether the user opted in to order messages on WhatsApp. */
  whatsappOptIn: z.optional(z.boolean()),
  /** The profile only (issue 28): the store credit balance, rupees. */
  storeCredit: z.optional(z.number()),
  /** The profile only (issue 30): the language of the customer's messages. */
  language: z.optional(z.enum(LANGUAGES)),
});
export type User = z.infer<typeof user>;

export const userIdParams = z.object({ id: z.string() });

export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReply>;
