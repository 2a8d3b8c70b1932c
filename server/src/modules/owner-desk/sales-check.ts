import { DEFAULT_PAYMENT_METHOD } from '@rr/core';
import { sql } from 'drizzle-orm';
import { rawRows, type Database } from '../../db/client.ts';

export interface SalesDisagreement {
  table: 'order_sales_daily' | 'product_sales_daily' | 'product_sales_window';
  /** The Indian day (days since 1970-01-01) and the product, as the table is keyed. */
  key: string;
  kept: string | null;
  counted: string | null;
}

/**
 * Where the tables the dashboard reads differ from a recount: days of order_sales_daily and days and
 * products (still in the catalog) of product_sales_daily against the orders themselves, and
 * product_sales_window against product_sales_daily from its first day on. A kept row of zeros equals
 * no orders. Empty when all is well; run after tests that place and cancel orders at once.
 */
export async function salesDisagreements(db: Database): Promise<SalesDisagreement[]> {
  const rows = await rawRows<SalesDisagreement>(
    db,
    sql`
    with kept_days as (
      select day::text as key, orders || ' orders, ' || revenue_paise || ' paise, ' || cod_orders || ' COD' as figures
      from order_sales_daily where orders <> 0 or revenue_paise <> 0 or cod_orders <> 0
    ),
    counted_days as (
      select ist_day(created_at)::text as key,
             count(*) || ' orders, ' || sum(total_paise) || ' paise, '
               || count(*) filter (where payment_method = ${DEFAULT_PAYMENT_METHOD}) || ' COD' as figures
      from orders where not is_cancelled group by ist_day(created_at)
    ),
    kept_products as (
      select s.day || ' ' || s.product_id as key, s.units || ' units, ' || s.value_paise || ' paise' as figures
      from product_sales_daily s join products p on p.id = s.product_id
      where s.units <> 0 or s.value_paise <> 0
    ),
    counted_products as (
      select ist_day(o.created_at) || ' ' || i.product_id as key,
             sum(case when i.add_on_of is null then i.qty else 0 end) || ' units, '
               || sum(i.qty::bigint * i.price_paise) || ' paise' as figures
      from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id
      where not o.is_cancelled group by ist_day(o.created_at), i.product_id
    ),
    kept_window as (
      select product_id::text as key, units || ' units, ' || value_paise || ' paise' as figures
      from product_sales_window where units <> 0 or value_paise <> 0
    ),
    counted_window as (
      select product_id::text as key, sum(units) || ' units, ' || sum(value_paise) || ' paise' as figures
      from product_sales_daily where day >= (select first_day from product_sales_window_start)
      group by product_id having sum(units) <> 0 or sum(value_paise) <> 0
    )
    select 'order_sales_daily' as "table", coalesce(k.key, c.key) as key, k.figures as kept, c.figures as counted
    from kept_days k full join counted_days c on c.key = k.key
    where k.figures is distinct from c.figures
    union all
    select 'product_sales_daily', coalesce(k.key, c.key), k.figures, c.figures
    from kept_products k full join counted_products c on c.key = k.key
    where k.figures is distinct from c.figures
    union all
    select 'product_sales_window', coalesce(k.key, c.key), k.figures, c.figures
    from kept_window k full join counted_window c on c.key = k.key
    where k.figures is distinct from c.figures
    order by 1, 2`,
  );
  return rows.map((r) => ({ table: r.table, key: r.key, kept: r.kept, counted: r.counted }));
}
