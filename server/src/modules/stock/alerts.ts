import { errorCodes, MESSAGES, UUID_PATTERN } from '@rr/core';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { products, stockAlerts, users, wishlistItems } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { backInStockMessages, enqueueMessages } from '../messages/index.ts';

export interface AlertAsker {
  /** Null for a guest. */
  userId: string | null;
  phone: string;
  /** The shop's public address (links in the message start there). */
  publicUrl: string;
}

/**
 * Issue 14: asks to be told when a product that is out of stock comes back. Asking again while the
 * alert waits is the same alert. The product's row is share-locked, so a restock either commits before
 * (the product is in stock: refused) or waits for this alert and then tells it.
 */
export async function askForStockAlert(db: Database, productId: string, asker: AlertAsker): Promise<string> {
  if (!UUID_PATTERN.test(productId)) throw notFound();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ name: products.name, countInStock: products.countInStock })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isDraft, false)))
      .for('share');
    if (!product) throw notFound();
    if (product.countInStock > 0) {
      throw new DomainError(
        'conflict',
        errorCodes.productInStock,
        `${product.name} is in stock now: you can order it.`,
      );
    }
    const inserted = await tx
      .insert(stockAlerts)
      .values({
        productId,
        userId: asker.userId,
        phone: asker.phone,
        productUrl: `${asker.publicUrl}/product/${productId}`,
      })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id });
    // A guest's waiting alert for the same phone becomes the customer's, so their e-mail is used too.
    if (inserted.length === 0 && asker.userId) {
      await tx
        .update(stockAlerts)
        .set({ userId: asker.userId })
        .where(
          and(
            eq(stockAlerts.productId, productId),
            eq(stockAlerts.phone, asker.phone),
            isNull(stockAlerts.notifiedAt),
            isNull(stockAlerts.userId),
          ),
        );
    }
    return product.name;
  });
}

/**
 * The shop's public address, as the stock cause of the transaction names it (StockCause.shopUrl), or
 * null: a change made without one (the demo data) leaves no customer waiting.
 */
const causeShopUrl = sql`nullif(current_setting('rr.stock_cause', true), '')::jsonb ->> 'shop'`;

/**
 * Issue 28: the customers who saved one of these products (only `userId`, when given) wait for it as if
 * they had asked "notify me", for each product out of stock now: a waiting alert on their account's
 * phone, so the restock tells them once (tellBackInStock). One already waiting on that phone is kept.
 * Called where stock runs out (an order, an admin's edit, an import) and when a customer saves a
 * product that is out of stock, in that transaction; `shopUrl` by default is the stock cause's.
 */
export async function alertWishlisters(
  tx: Transaction,
  productIds: Array<string | null>,
  { shopUrl, userId }: { shopUrl?: string; userId?: string } = {},
): Promise<void> {
  const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  const shop = shopUrl === undefined ? causeShopUrl : sql`${shopUrl}::text`;
  await tx.execute(sql`
    insert into ${stockAlerts} (product_id, user_id, phone, product_url)
    select w.product_id, w.user_id, u.phone, s.url || '/product/' || w.product_id
    from ${wishlistItems} w
    join ${users} u on u.id = w.user_id
    join ${products} p on p.id = w.product_id
    cross join (select ${shop} as url) s
    where w.product_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and p.count_in_stock = 0 and not p.is_draft and s.url is not null
      and u.phone ~ '^[6-9][0-9]{9}$'
      ${userId === undefined ? sql`` : sql`and w.user_id = ${userId}::uuid`}
    on conflict do nothing`);
}

const notFound = () => new DomainError('not_found', errorCodes.productNotFound, MESSAGES.productNotFound);

/**
 * Tells every waiting alert of these products that now have stock, in the caller's transaction (the one
 * that returned the stock): one SMS each, and an e-mail to a signed-in customer with order e-mails on;
 * the alerts are marked told, so a later restock does not tell them again. Products still at 0 keep
 * their alerts waiting.
 */
export async function tellBackInStock(tx: Transaction, productIds: Array<string | null>): Promise<void> {
  const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  const told = await tx
    .update(stockAlerts)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        inArray(stockAlerts.productId, ids),
        isNull(stockAlerts.notifiedAt),
        inArray(
          stockAlerts.productId,
          tx
            .select({ id: products.id })
            .from(products)
            .where(and(inArray(products.id, ids), gt(products.countInStock, 0))),
        ),
      ),
    )
    .returning({
      id: stockAlerts.id,
      productId: stockAlerts.productId,
      userId: stockAlerts.userId,
      phone: stockAlerts.phone,
      productUrl: stockAlerts.productUrl,
    });
  if (told.length === 0) return;
  const names = new Map(
    (
      await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, [...new Set(told.map((a) => a.productId))]))
    ).map((p) => [p.id, p.name]),
  );
  const userIds = told.map((a) => a.userId).filter((id): id is string => id !== null);
  const accounts = userIds.length
    ? await tx
        .select({
          id: users.id,
          email: users.email,
          orderEmails: users.orderEmails,
          whatsapp: users.whatsappOptInAt,
          language: users.language,
        })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const emails = new Map(accounts.map((u) => [u.id, u.orderEmails ? u.email : null]));
  // Issue 27: WhatsApp too, for a customer who opted in.
  const onWhatsapp = new Set(accounts.filter((u) => u.whatsapp).map((u) => u.id));
  const languages = new Map(accounts.map((u) => [u.id, u.language]));
  await enqueueMessages(
    tx,
    told.flatMap((alert) =>
      backInStockMessages({
        alertId: alert.id,
        product: { name: names.get(alert.productId) ?? '', url: alert.productUrl },
        phone: alert.phone,
        email: (alert.userId && emails.get(alert.userId)) || null,
        whatsapp: alert.userId !== null && onWhatsapp.has(alert.userId),
        language: (alert.userId && languages.get(alert.userId)) || 'en',
      }),
    ),
  );
}
