import { createHash } from 'node:crypto';
import { addOnsInput, demoMarkupPercent, toPaise, variantsInput } from '@rr/core';
import { count, inArray } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../modules/accounts/index.ts';
import { refreshProductRating, writeProductUpdate } from '../modules/catalog/index.ts';
import type { Database, Transaction } from './client.ts';
import { coupons, products, reviews, users } from './schema/index.ts';
import { demoProducts, demoReviews, type DemoProduct } from './seed/demo-catalog.ts';
import { demoFactSlugs, demoFactsOf } from './seed/demo-facts.ts';
import { demoHindiOf, demoHindiSlugs } from './seed/demo-hindi.ts';
import { demoPackageOf } from './seed/demo-package.ts';
import { demoTaxOf, demoTaxSlugs } from './seed/demo-tax.ts';
import { demoOptionSlugs, demoOptionsOf } from './seed/demo-variants.ts';

/** A stable id per demo slug, so links to demo products survive a reseed. */
export function demoProductId(slug: string): string {
  const hex = createHash('sha256').update(`rudraksha-ratna/demo/${slug}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Demo MRP: SPEC's rule (the price raised by a 50 to 90 % markup derived from the id), in whole rupees. */
function demoMrpPaise(id: string, pricePaise: number): number {
  return Math.ceil((pricePaise * (100 + demoMarkupPercent(id))) / 100 / 100) * 100;
}

/**
 * The demo products newest first, the categories taking turns, so the first page of the shop
 * (newest first) shows rudraksha, gems and malas rather than one category.
 */
export function demoListingOrder(): DemoProduct[] {
  const byCategory = new Map<string, DemoProduct[]>();
  for (const p of demoProducts) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
  const queues = [...byCategory.values()];
  const order: DemoProduct[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) order.push(q.shift()!);
  return order;
}

/** Replaces the catalog with the demo products and reviews. */
export async function seedDemoCatalog(db: Database): Promise<{ products: number; reviews: number }> {
  const now = Date.now();
  const idBySlug = new Map(demoProducts.map((p) => [p.slug, demoProductId(p.slug)]));
  const unknownFacts = demoFactSlugs.filter((slug) => !idBySlug.has(slug));
  if (unknownFacts.length) throw new Error(`Demo facts for unknown products: ${unknownFacts.join(', ')}`);
  const unknownTax = demoTaxSlugs.filter((slug) => !idBySlug.has(slug));
  if (unknownTax.length) throw new Error(`Demo tax for unknown products: ${unknownTax.join(', ')}`);
  const unknownOptions = demoOptionSlugs.filter((slug) => !idBySlug.has(slug));
  if (unknownOptions.length) throw new Error(`Demo variants for unknown products: ${unknownOptions.join(', ')}`);
  const unknownHindi = demoHindiSlugs.filter((slug) => !idBySlug.has(slug));
  if (unknownHindi.length) throw new Error(`Demo Hindi texts for unknown products: ${unknownHindi.join(', ')}`);
  await db.transaction(async (tx) => {
    await tx.delete(reviews);
    await tx.delete(products);
    await tx.insert(products).values(
      demoListingOrder().map((p, i) => {
        const id = idBySlug.get(p.slug)!;
        const pricePaise = toPaise(p.price);
        return {
          id,
          name: p.name,
          image: p.image,
          description: p.description,
          // Issue 30: its Hindi name and description.
          ...demoHindiOf(p.slug),
          brand: p.brand,
          category: p.category,
          pricePaise,
          mrpPaise: demoMrpPaise(id, pricePaise),
          // A product with variants has their stock, which they bring when they are written.
          countInStock: demoOptionsOf(p.slug).variants ? 0 : p.countInStock,
          ...demoFactsOf(p.slug),
          // Issue 24: each product's own HSN code, GST rate and UQC (decision 0037).
          ...demoTaxOf(p.slug),
          // Issue 27: its packed parcel, by category.
          ...demoPackageOf(p.category),
          createdAt: new Date(now - i * 60_000),
        };
      }),
    );
    for (const p of demoProducts) await seedDemoOptions(tx, idBySlug.get(p.slug)!, p);
    if (demoReviews.length) {
      await tx.insert(reviews).values(
        demoReviews.map((r, i) => {
          const productId = idBySlug.get(r.productSlug);
          if (!productId) throw new Error(`Demo review for unknown product ${r.productSlug}`);
          return {
            productId,
            name: r.name,
            rating: r.rating,
            comment: r.comment,
            createdAt: new Date(now - i * 3_600_000),
          };
        }),
      );
    }
    for (const productId of new Set(demoReviews.map((r) => idBySlug.get(r.productSlug)!))) {
      await refreshProductRating(tx, productId);
    }
  });
  return { products: demoProducts.length, reviews: demoReviews.length };
}

/**
 * Writes a demo product's variants and add-ons by the catalog's own product update (the admin's save),
 * read by the schemas PUT /api/products/:id reads them by; its listed price and stock must be what its
 * default variant and its variants' stock make them.
 */
async function seedDemoOptions(tx: Transaction, productId: string, product: DemoProduct): Promise<void> {
  const options = demoOptionsOf(product.slug);
  if (!options.variants && !options.addOns) return;
  const variants = options.variants ? variantsInput.parse(options.variants) : undefined;
  const addOns = options.addOns ? addOnsInput.parse(options.addOns) : undefined;
  if (variants) {
    const byDefault = variants.find((v) => v.isDefault) ?? variants[0]!;
    const stock = variants.reduce((sum, v) => sum + v.countInStock, 0);
    if (byDefault.price !== product.price || stock !== product.countInStock) {
      throw new Error(`Demo ${product.slug}: price and stock must be its default variant's and its variants' sum`);
    }
  }
  await writeProductUpdate(tx, productId, { variants, addOns });
}

export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}

/** Demo sign-ins, printed when the demo data is seeded. Never seeded unless demo data is on. */
export const DEMO_ACCOUNTS = [
  {
    role: 'owner',
    name: 'Aarav Admin',
    email: 'admin@rudraksharatna.example',
    phone: '9999900001',
    password: 'ratna-admin-2026',
    isAdmin: true,
  },
  {
    role: 'customer',
    name: 'Priya Sharma',
    email: 'priya@rudraksharatna.example',
    phone: '9999900002',
    password: 'ratna-customer-2026',
    isAdmin: false,
  },
] as const;

/**
 * Creates the demo accounts whose phones are free. An existing account is never changed: a real
 * customer who happens to hold a demo number must not become the demo admin.
 */
export async function seedDemoAccounts(db: Database): Promise<{ skipped: string[] }> {
  const skipped: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const created = await db
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        phone: account.phone,
        role: account.isAdmin ? 'owner' : null,
        passwordHash: await hashPassword(account.password),
        phoneVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length === 0) skipped.push(account.phone);
  }
  return { skipped };
}

/**
 * The phones of demo accounts that still sign in with their published password: seeded once, they stay
 * in the database whatever DEMO_DATA says later, so a shop others can reach refuses to start with them.
 */
export async function publicDemoSignIns(db: Database): Promise<string[]> {
  const rows = await db
    .select({ phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.phone,
        DEMO_ACCOUNTS.map((a) => a.phone),
      ),
    );
  const open: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.phone === account.phone);
    if (row && (await verifyPassword(account.password, row.passwordHash))) open.push(account.phone);
  }
  return open;
}

/**
 * Issue 26: two coupon codes to try in the demo (a sale is left to the owner: a running one would change
 * every demo price the walkthroughs and tests read). Kept when they exist.
 */
export async function seedDemoOffers(db: Database): Promise<void> {
  await db
    .insert(coupons)
    .values([
      { code: 'WELCOME10', percentOff: 10, firstOrderOnly: true, perCustomerLimit: 1 },
      { code: 'SHIVRATRI250', amountOffPaise: 250_00, minOrderPaise: 2000_00 },
    ])
    .onConflictDoNothing({ target: coupons.code });
}

/** The demo catalog, accounts and coupon codes. */
export async function seedDemoData(db: Database): Promise<{ products: number; reviews: number }> {
  const seeded = await seedDemoCatalog(db);
  await seedDemoAccounts(db);
  await seedDemoOffers(db);
  return seeded;
}

export function describeDemoAccounts(): string {
  return DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(8)} phone ${a.phone}  password ${a.password}`).join('\n');
}
