import * as z from 'zod/mini';
import { email } from './common.ts';

export const newsletterSubscription = z.object({ email });
export type NewsletterSubscription = z.infer<typeof newsletterSubscription>;
