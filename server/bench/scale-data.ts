/**
 * The data of `npm run bench:scale`: a PostgreSQL database migrated by the app's own migrations and
 * filled server-side (INSERT ... SELECT over generate_series) with SCALE x 100,000 products (about
 * 300,000 variants, issue 25: two in five products are sold in sizes or weights, most of those in 3 to 6
 * and one in seven in 26; the other three in five in none), 1,000,000 orders of two lines each and
 * 200,000 reviews, bought by a few thousand customers. The
 * counters the app reads (units sold, rating, review count, orders per state, the dashboard's sales per
 * day and product) are computed from the generated rows.
 */
import pg from 'pg';
import { demoProducts } from '../src/db/seed/demo-catalog.ts';
import { openDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/modules/accounts/index.ts';

export const SCALE_PASSWORD = 'scale-bench-password';
export const SCALE_ADMIN_PHONE = '7000000000';

export interface ScaleSize {
  products: number;
  /** Products sold in variants (two in five); the variants themselves are about 7.6 times as many. */
  productsWithVariants: number;
  orders: number;
  reviews: number;
  customers: number;
}

export function sizeOf(scale: number): ScaleSize {
  const products = Math.max(100, Math.round(100_000 * scale));
  return {
    products,
    productsWithVariants: Math.floor((products + 4) / 5) + Math.floor((products + 3) / 5),
    orders: Math.max(1_000, Math.round(1_000_000 * scale)),
    reviews: Math.max(200, Math.round(200_000 * scale)),
    customers: Math.max(20, Math.round(3_000 * scale)),
  };
}

/** The marker row written last: a database holding it for the same size is reused as it is. */
const MARKER = 'scale_bench_marker';

/** Creates the database when it is missing; `fresh` drops it first, so it is migrated from the start. */
export async function ensureDatabase(url: string, fresh = false): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function generatedSize(client: pg.Client): Promise<ScaleSize | null> {
  const found = await client.query(`select to_regclass('${MARKER}') is not null as present`);
  if (!found.rows[0].present) return null;
  const rows = await client.query(`select size from ${MARKER}`);
  return (rows.rows[0]?.size as ScaleSize | undefined) ?? null;
}

const sqlList = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** Demo pictures of each category, reused by the generated products. */
function imagesOf(category: string): string {
  return sqlList(demoProducts.filter((p) => p.category === category).map((p) => p.image));
}

/**
 * Issue 25: variants of two in five products (n % 5 = 1 or 2, counted by creation order): one in seven
 * of those comes in 26 (a bead in every millimetre from 8 to 33, a gem in every quarter ratti), the others
 * in 3 to 6; the second is the default. A variant costs its product's price raised by a tenth a step, with
 * the product's MRP markup; some are sold out. The product then shows its default's price and MRP, the
 * sum of their stock and "from" the lowest price, as the catalog's writes keep them, and has one add-on
 * (capping, a lab certificate or energisation with two texts).
 */
function variantSteps(): Array<[string, string]> {
  return [
    [
      'variants',
      `insert into product_variants (product_id, position, name, sku, price_paise, mrp_paise, count_in_stock,
                                     size_mm, weight_carats, is_default)
       select p.id, i - 1,
              case p.category when 'gems' then to_char(3 + i * 0.25, 'FM990.00') || ' ratti / ' || to_char((3 + i * 0.25) * 0.91, 'FM990.00') || ' ct'
                              else (7 + i) || ' mm' end,
              'SC-' || p.n || '-' || i,
              price, price + price / 5,
              case when (p.n + i) % 7 = 0 then 0 else 1 + (p.n * i) % 20 end,
              case when p.category <> 'gems' then 7 + i end,
              case when p.category = 'gems' then round(((3 + i * 0.25) * 0.91)::numeric, 2) end,
              i = 2
       from (select row_number() over (order by created_at, id) as n, id, category, price_paise from products) p,
            lateral generate_series(1, case when p.n % 5 not in (1, 2) then 0 when (p.n / 5) % 7 = 0 then 26 else 3 + (p.n / 5) % 4 end) i,
            lateral (select (p.price_paise * (1 + (i - 2) * 0.1))::int as price) v`,
    ],
    [
      'variant sums',
      `update products p set price_paise = d.price_paise, mrp_paise = d.mrp_paise, count_in_stock = s.stock,
                             price_from_paise = case when s.low <> s.high then s.low end
         from (select product_id, sum(count_in_stock)::int as stock, min(price_paise) as low, max(price_paise) as high
               from product_variants group by product_id) s
         join product_variants d on d.product_id = s.product_id and d.is_default
         where p.id = s.product_id`,
    ],
    [
      'add-ons',
      `insert into product_add_ons (product_id, position, name, price_paise, fields, is_service, made_to_order, hsn_code, gst_basis_points)
       select p.id, 0,
              case p.category when 'rudraksha' then 'Silver capping' when 'gems' then 'Lab certificate'
                              else 'Energisation (puja) in the wearer''s name' end,
              case p.category when 'rudraksha' then 45000 when 'gems' then 110000 else 50100 end,
              case when p.category = 'mala' then '[{"name":"Wearer''s name","maxLength":60,"required":true},{"name":"Gotra","maxLength":40,"required":false}]'::jsonb
                   else '[]'::jsonb end,
              p.category <> 'rudraksha', p.category = 'mala',
              case p.category when 'rudraksha' then '711311' when 'gems' then '998346' else '999795' end,
              case p.category when 'rudraksha' then 300 else 1800 end
       from products p where exists (select 1 from product_variants v where v.product_id = p.id)`,
    ],
  ];
}

/**
 * Product names from the shop's own vocabulary: a rudraksha of 1 to 21 faces from an origin, a mala of
 * a kind and bead count, or a gem by its English and Hindi names, with a grade and a lot number.
 */
function generationSteps(size: ScaleSize, passwordHash: string): Array<[string, string]> {
  const { products: P, orders: O, reviews: R, customers: C } = size;
  const days = 3 * 365;
  return [
    [
      'clear',
      `truncate users, products, orders, order_items, reviews, otp_codes, sign_in_failures restart identity cascade`,
    ],
    [
      'customers',
      `insert into users (name, email, phone, password_hash, role, phone_verified_at, created_at)
       select 'Scale Admin', 'scale-admin@example.in', '${SCALE_ADMIN_PHONE}', '${passwordHash}', 'owner', now(), now() - interval '4 years'
       union all
       select (${sqlList(['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Kavya', 'Ishaan', 'Diya', 'Karan', 'Neha', 'Siddharth', 'Pooja', 'Aditya', 'Lakshmi'])})[1 + n % 16]
              || ' ' || (${sqlList(['Sharma', 'Iyer', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Singh', 'Menon', 'Joshi', 'Rao', 'Das', 'Kulkarni', 'Bose', 'Verma'])})[1 + (n / 16) % 14],
              'scale-customer-' || n || '@example.in',
              -- Distinct phones that do not share their digits (3^18 is prime to 10^9: n -> n * 3^18 is one to one).
              '8' || lpad(((n::bigint * 387420489) % 1000000000)::text, 9, '0'), '${passwordHash}', null,
              now(), now() - interval '3 years' - (n % 300) * interval '1 day'
       from generate_series(1, ${C}) n`,
    ],
    [
      'products',
      `insert into products (name, image, description, brand, category, price_paise, mrp_paise, count_in_stock,
                             mukhi, origin, size_mm, weight_carats, bead_count, planet, units_sold, created_at, updated_at)
       select case cat
                when 'rudraksha' then mukhi || ' Mukhi Rudraksha, ' || origin || ' ' || grade || ' Lot ' || n
                when 'mala' then mala || ' Mala, ' || beads || ' Beads, ' || grade || ' Lot ' || n
                else gem || ', ' || round(carats::numeric, 2) || ' Carat, ' || grade || ' Lot ' || n
              end,
              case cat when 'rudraksha' then (${imagesOf('rudraksha')})[1 + n % ${demoProducts.filter((p) => p.category === 'rudraksha').length}]
                       when 'mala' then (${imagesOf('mala')})[1 + n % ${demoProducts.filter((p) => p.category === 'mala').length}]
                       else (${imagesOf('gems')})[1 + n % ${demoProducts.filter((p) => p.category === 'gems').length}] end,
              case cat
                when 'rudraksha' then 'A natural ' || mukhi || ' mukhi rudraksha bead from ' || origin || ', checked for its faces and energised before dispatch. Worn on a silk thread or capped in silver.'
                when 'mala' then 'A ' || mala || ' mala of ' || beads || ' beads with a guru bead, knotted by hand, for japa and daily wear.'
                else 'A certified natural ' || gem || ' of ' || round(carats::numeric, 2) || ' carats, worn for ' || planet || '. Comes with a laboratory report.'
              end,
              origin || ' Origin', cat, price, price + price / 5, case when n % 9 = 0 then 0 else 1 + n % 40 end,
              case when cat = 'rudraksha' then mukhi end, origin, round((6 + n % 20)::numeric, 1),
              case when cat = 'gems' then round(carats::numeric, 2) end,
              case when cat = 'mala' then beads end, case when cat = 'gems' then planet end,
              0, created, created
       from (
         select n, created,
                (array['rudraksha', 'rudraksha', 'mala', 'gems', 'gems'])[1 + n % 5] as cat,
                (1 + (n * 7) % 21)::smallint as mukhi,
                (array['Nepal', 'Indonesia', 'India', 'Sri Lanka', 'Java'])[1 + (n / 5) % 5] as origin,
                (array['Collector Grade', 'Premium', 'Regular', 'Certified', 'Energised'])[1 + (n / 25) % 5] as grade,
                (array['Rudraksha', 'Sphatik', 'Tulsi', 'Karungali', 'Red Sandalwood', 'Lotus Seed', 'Rose Quartz'])[1 + (n / 5) % 7] as mala,
                (array[108, 54, 27])[1 + n % 3]::smallint as beads,
                gem, planet, 1 + (n % 97) / 7.0 as carats,
                (50000 + (hashint4(n) & 2147483647) % 5000000) as price
         from generate_series(1, ${P}) n,
              lateral (select now() - ((${P} - n)::float8 / ${P}) * interval '${days} days' as created) c,
              lateral (select (array['Blue Sapphire (Neelam)', 'Ruby (Manik)', 'Emerald (Panna)', 'Yellow Sapphire (Pukhraj)',
                                     'Red Coral (Moonga)', 'Pearl (Moti)', 'Hessonite (Gomed)', 'Cat''s Eye (Lehsunia)', 'Diamond (Heera)'])[1 + (n / 5) % 9] as gem,
                              (array['Saturn', 'Sun', 'Mercury', 'Jupiter', 'Mars', 'Moon', 'Rahu', 'Ketu', 'Venus'])[1 + (n / 5) % 9] as planet) g
       ) s`,
    ],
    ...variantSteps(),
    [
      'numbering',
      `create unlogged table scale_product_no as
         select row_number() over (order by p.created_at, p.id)::int as n, p.id, p.name, p.image, p.price_paise, c.hsn_code, c.gst_basis_points
         from products p join categories c on c.slug = p.category;
       create unique index on scale_product_no (n);
       create unlogged table scale_customer_no as
         select row_number() over (order by phone)::int as n, id, name, email, phone from users where role is null;
       create unique index on scale_customer_no (n);`,
    ],
    [
      'lines',
      // Two lines an order; popular products sell more (u^1.5), so best sellers and reviews are uneven.
      `create unlogged table scale_lines as
         select g, k, 1 + least(${P - 1}, floor(${P} * power(random(), 1.5)))::int as pn, 1 + (random() < 0.15)::int as qty
         from generate_series(1, ${O}) g, generate_series(1, 2) k`,
    ],
    [
      'orders',
      // Orders over three years, oldest first; their state follows their age: to ship for three days,
      // shipped until two weeks, then delivered; one in twelve cancelled; 40% paid online.
      `insert into orders (id, user_id, customer_name, customer_email, customer_phone, recipient_name, recipient_phone,
                           address, city, postal_code, state, payment_method, items_paise, shipping_paise, tax_paise,
                           discount_paise, total_paise, is_paid, paid_at, is_delivered, delivered_at, razorpay_order_id,
                           razorpay_payment_id, is_cancelled, cancelled_at, is_shipped, shipped_at, courier, tracking_number,
                           invoice_number, invoiced_at, place_of_supply, created_at, updated_at)
       select md5('rr-scale-order-' || o.g)::uuid, c.id, c.name, c.email, c.phone, c.name, c.phone,
              (1 + o.g % 400) || ', ' || (array['MG Road', 'Station Road', 'Temple Street', 'Gandhi Nagar', 'Lake View'])[1 + o.g % 5],
              city, pin, st, case when online then 'Razorpay' else 'Cash on Delivery' end,
              items, ship, tax, disc, items + ship - disc,
              online or delivered, case when online then created when delivered then created + interval '6 days' end,
              delivered and not cancelled, case when delivered and not cancelled then created + interval '6 days' end,
              case when online then 'order_scale' || o.g end, case when online then 'pay_scale' || o.g end,
              cancelled, case when cancelled then created + interval '1 day' end,
              shipped and not cancelled, case when shipped and not cancelled then created + interval '2 days' end,
              case when shipped and not cancelled then 'Delhivery' end, case when shipped and not cancelled then 'DL' || lpad(o.g::text, 10, '0') end,
              case when shipped and not cancelled then 'SC/' || o.g end, case when shipped and not cancelled then created + interval '2 days' end,
              case when shipped and not cancelled then '27' end,
              created, created
       from (
         select l.g, sum(p.price_paise * l.qty)::int as items, sum(p.price_paise::bigint * l.qty * p.gst_basis_points / 11800)::int as tax
         from scale_lines l join scale_product_no p on p.n = l.pn group by l.g
       ) o
       join scale_customer_no c on c.n = 1 + (hashint4(o.g) & 2147483647) % ${C},
       lateral (select now() - ((${O} - o.g)::float8 / ${O}) * interval '${days} days' as created,
                       (hashint4(o.g + 7) & 1023) < 410 as online,
                       (hashint4(o.g + 13) & 1023) < 85 as cancelled) a,
       lateral (select created < now() - interval '14 days' as delivered, created < now() - interval '3 days' as shipped,
                       case when o.items >= 100000 then 0 else 9900 end as ship,
                       case when online then o.items / 10 else 0 end as disc,
                       (array['Mumbai', 'Pune', 'Varanasi', 'Chennai', 'Kolkata', 'Jaipur'])[1 + o.g % 6] as city,
                       (array['400001', '411001', '221001', '600001', '700001', '302001'])[1 + o.g % 6] as pin,
                       (array['Maharashtra', 'Maharashtra', 'Uttar Pradesh', 'Tamil Nadu', 'West Bengal', 'Rajasthan'])[1 + o.g % 6] as st) b`,
    ],
    [
      'order lines',
      // Before the quote's discounts (migration 0028), a line's taxable value is its price times its quantity.
      `insert into order_items (order_id, line_no, product_id, name, image, price_paise, qty, hsn_code, gst_basis_points,
                                tax_paise, taxable_paise)
       select md5('rr-scale-order-' || l.g)::uuid, l.k - 1, p.id, p.name, p.image, p.price_paise, l.qty, p.hsn_code,
              p.gst_basis_points, (p.price_paise::bigint * l.qty * p.gst_basis_points / 11800)::int, p.price_paise * l.qty
       from scale_lines l join scale_product_no p on p.n = l.pn`,
    ],
    [
      'reviews',
      // Verified purchases only: a customer reviews a product from one of their delivered orders.
      `insert into reviews (product_id, user_id, name, rating, comment, created_at)
       select product_id, user_id, name, rating, comment, created
       from (
         select distinct on (oi.product_id, o.user_id) oi.product_id, o.user_id, o.customer_name as name,
                (array[5, 5, 5, 5, 5, 4, 4, 4, 3, 2, 1])[1 + (hashint4(o.g2) & 2147483647) % 11] as rating,
                (array['Genuine bead, well packed.', 'The certificate matched the stone.', 'Arrived energised with a puja note.',
                       'Smaller than I expected, but authentic.', 'Beautiful mala, smooth beads.'])[1 + (hashint4(o.g2 + 1) & 2147483647) % 5] as comment,
                o.delivered_at + interval '3 days' as created
         from order_items oi join (select id, user_id, customer_name, delivered_at, hashint4(hashtext(id::text)) as g2 from orders where is_delivered) o on o.id = oi.order_id
         where oi.product_id is not null
         order by oi.product_id, o.user_id, o.delivered_at
       ) r
       order by hashint4(hashtext(product_id::text || user_id::text))
       limit ${R}`,
    ],
    [
      'counters',
      `update products p set units_sold = s.units
         from (select oi.product_id, sum(oi.qty)::int as units from order_items oi join orders o on o.id = oi.order_id
               where not o.is_cancelled group by oi.product_id) s
         where s.product_id = p.id;
       update products p set rating = s.rating, num_reviews = s.n
         from (select product_id, avg(rating)::float8 as rating, count(*)::int as n from reviews group by product_id) s
         where s.product_id = p.id;
       -- The catalog's kept summaries (migration 0021), as their triggers would have kept them: the shop's
       -- and each category's published count, and the words of names that a misspelt word is compared with.
       delete from published_product_counts;
       insert into published_product_counts (category, published)
         select category, count(*) from products where not is_draft group by category;
       delete from search_name_words;
       insert into search_name_words (word, products)
         select w, count(*) from products, rr_fuzzy_words(search_name) w group by w;
       -- Every phone and name an order holds, and how many orders hold it (migration 0048), as its
       -- trigger would have kept them.
       truncate order_phones, order_names;
       insert into order_phones (phone, orders) select v, count(*) from (select customer_phone as v from orders
         union all select recipient_phone from orders where recipient_phone <> customer_phone) as held group by v;
       insert into order_names (name, orders) select v, count(*) from (select customer_name as v from orders
         union all select recipient_name from orders where recipient_name <> customer_name) as held group by v;
       analyze order_phones, order_names;
       update order_state_counts c set n = (select count(*) from orders o
         where order_state_of(o.is_cancelled, o.is_delivered, o.is_shipped) = c.state);
       -- The dashboard's tables, as their triggers would have kept them (ordered by day, as a shop
       -- writes them day after day): per day and product, per day, and the window of the last 30 days.
       truncate product_sales_daily, order_sales_daily, product_sales_window;
       insert into product_sales_daily (day, product_id, name, units, value_paise)
         select ist_day(o.created_at), i.product_id, max(i.name), sum(i.qty), sum(i.qty::bigint * i.price_paise)
         from order_items i join orders o on o.id = i.order_id
         where not o.is_cancelled and i.product_id is not null
         group by 1, 2 order by 1, 2;
       insert into order_sales_daily (day, orders, revenue_paise, cod_orders)
         select ist_day(created_at), count(*), sum(total_paise), count(*) filter (where payment_method = 'Cash on Delivery')
         from orders where not is_cancelled group by 1;
       update product_sales_window_start set first_day = ist_day(now()) - 29;
       insert into product_sales_window (product_id, units, value_paise)
         select product_id, sum(units), sum(value_paise) from product_sales_daily
         where day >= (select first_day from product_sales_window_start) group by product_id;
       analyze product_sales_daily, order_sales_daily, product_sales_window;
       drop table scale_lines, scale_product_no, scale_customer_no;`,
    ],
  ];
}

export interface GeneratedDatabase {
  size: ScaleSize;
  generatedInSeconds: number | null;
}

/** Migrates the database and fills it, unless it already holds data of this size (and `fresh` is off). */
/** Whether the database holds generated data of this size (false when it or the marker is missing). */
async function holdsData(url: string, size: ScaleSize): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const held = await generatedSize(client);
    return held !== null && (Object.keys(size) as Array<keyof ScaleSize>).every((key) => held[key] === size[key]);
  } finally {
    await client.end();
  }
}

/**
 * Reuses the database when it holds data of this size (and `fresh` is off), migrating it to the
 * current migrations; otherwise makes it anew (dropped, created, migrated) and fills it.
 */
export async function prepareScaleDatabase(url: string, scale: number, fresh: boolean): Promise<GeneratedDatabase> {
  const size = sizeOf(scale);
  const reuse = !fresh && (await holdsData(url, size));
  await ensureDatabase(url, !reuse);
  const database = openDatabase({ kind: 'postgres', url });
  await database.migrate();
  await database.close();
  if (reuse) {
    console.log(`Reusing the data in ${new URL(url).pathname.slice(1)} (--fresh regenerates it)`);
    return { size, generatedInSeconds: null };
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.log(
      `Generating ${size.products} products (${size.productsWithVariants} with variants), ${size.orders} orders (${2 * size.orders} lines), ` +
        `${size.reviews} reviews, ${size.customers} customers ...`,
    );
    const started = performance.now();
    // Generated rows are consistent by construction: no foreign-key checks or triggers row by row (the
    // counts and sums the triggers on orders and their lines keep are computed once, in 'counters').
    await client.query(`set session_replication_role = replica`);
    // The filled tables' secondary indexes are built once at the end rather than row by row: their
    // definitions are read from the catalog, so they are whatever the migrations made.
    const indexes = await client.query<{ name: string; definition: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       where i.indrelid = any (array['orders', 'order_items', 'reviews', 'products', 'product_variants']::regclass[])
         and not i.indisprimary and not i.indisunique`,
    );
    const steps: Array<[string, string]> = [
      ['drop indexes', indexes.rows.map((i) => `drop index ${i.name};`).join('\n')],
      ...generationSteps(size, await hashPassword(SCALE_PASSWORD)),
      ['indexes', indexes.rows.map((i) => `${i.definition};`).join('\n')],
      ['vacuum', `vacuum analyze users, products, product_variants, product_add_ons, orders, order_items, reviews`],
    ];
    for (const [step, statement] of steps) {
      const stepStarted = performance.now();
      await client.query(statement);
      console.log(`  ${step.padEnd(12)} ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
    }
    await client.query(`create table ${MARKER} (size jsonb not null, generated_at timestamptz not null default now())`);
    await client.query(`insert into ${MARKER} (size) values ($1)`, [JSON.stringify(size)]);
    const generatedInSeconds = (performance.now() - started) / 1000;
    console.log(`Generated in ${generatedInSeconds.toFixed(1)} s`);
    return { size, generatedInSeconds };
  } finally {
    await client.end();
  }
}
