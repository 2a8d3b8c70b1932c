import {
  DASHBOARD_DEFINITIONS,
  formatDateIST,
  shortOrderNumber,
  type DashboardFigures,
  type DashboardReply,
} from '@rr/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useDashboard } from '../desk-api.ts';
import { changeOf, formatCount, formatMoney, formatShare } from './format.ts';
import { LowStockThreshold, OrdersExport } from './orders-export.tsx';
import styles from './dashboard.module.css';

// The chart is drawn only here: its code loads with the first dashboard visit, never in the shop.
const RevenueChart = lazy(() => import('./revenue-chart.tsx').then((m) => ({ default: m.RevenueChart })));

const FIGURES: Array<{ key: keyof DashboardFigures; label: string; show: (n: number) => string }> = [
  { key: 'revenue', label: 'Revenue', show: formatMoney },
  { key: 'orders', label: 'Orders', show: formatCount },
  { key: 'averageOrderValue', label: 'Average order', show: formatMoney },
  { key: 'codShare', label: 'Cash on Delivery', show: formatShare },
  { key: 'newCustomers', label: 'New customers', show: formatCount },
];

const CHART_RANGES = [30, 90] as const;

const PERIODS = [
  { key: 'today', label: 'Today', previous: 'yesterday' },
  { key: 'week', label: '7 days', previous: 'the 7 days before' },
  { key: 'month', label: '30 days', previous: 'the 30 days before' },
] as const;

/** /admin: the owner's desk, the first admin page (admins land here after signing in). */
export function DashboardPage() {
  usePageTitle('Dashboard | Rudraksha Ratna');
  const dashboard = useDashboard();
  return (
    <div className={`container page ${styles.page}`}>
      <div className={styles.heading}>
        <h1>Dashboard</h1>
        <nav className={styles.headingLinks} aria-label="Desk pages">
          <Link to="/admin/coupons" className="btn btn-outline">
            Coupons
          </Link>
          <Link to="/admin/sales" className="btn btn-outline">
            Sales
          </Link>
          <Link to="/admin/import" className="btn btn-outline">
            Catalog import &amp; export
          </Link>
        </nav>
      </div>
      {dashboard.isPending ? (
        <Spinner />
      ) : dashboard.isError ? (
        <Message variant="danger">{dashboard.error.message}</Message>
      ) : (
        <Desk data={dashboard.data} />
      )}
    </div>
  );
}

function Desk({ data }: { data: DashboardReply }) {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['key']>('today');
  const [chartDays, setChartDays] = useState<30 | 90>(30);
  const chosen = PERIODS.find((p) => p.key === period)!;
  const { current, previous } = data.periods[period];
  return (
    <>
      <section aria-labelledby="figures-heading" className={styles.section}>
        <h2 id="figures-heading" className="visually-hidden">
          Sales figures
        </h2>
        <Switch
          label="Period"
          options={PERIODS.map((p) => ({ value: p.key, label: p.label }))}
          value={period}
          onChange={setPeriod}
        />
        <dl className={styles.figures}>
          {FIGURES.map((f) => (
            <Figure
              key={f.key}
              label={f.label}
              now={current[f.key]}
              before={previous[f.key]}
              show={f.show}
              versus={chosen.previous}
            />
          ))}
        </dl>
        <p className={styles.note}>
          {DASHBOARD_DEFINITIONS.revenue} {DASHBOARD_DEFINITIONS.codShare} {DASHBOARD_DEFINITIONS.days}
        </p>
      </section>

      <section className={`card ${styles.section}`} aria-labelledby="chart-heading">
        <div className={styles.sectionHead}>
          <h2 id="chart-heading">Revenue and orders per day</h2>
          <Switch
            label="Days shown"
            options={CHART_RANGES.map((n) => ({ value: n, label: `${n} days` }))}
            value={chartDays}
            onChange={setChartDays}
          />
        </div>
        <Suspense fallback={<Spinner />}>
          <RevenueChart days={data.daily.slice(-chartDays)} />
        </Suspense>
      </section>

      <div className={styles.columns}>
        <section className={`card ${styles.section}`} aria-labelledby="ship-heading">
          <h2 id="ship-heading">Waiting to ship: {formatCount(data.toShip.count)}</h2>
          {data.toShip.oldest.length === 0 ? (
            <p className={styles.empty}>Nothing is waiting to ship.</p>
          ) : (
            <ol className={styles.list}>
              {data.toShip.oldest.map((o) => (
                <li key={o._id}>
                  <Link to={`/order/${o._id}`}>#{shortOrderNumber(o._id)}</Link>
                  <span>{o.customerName}</span>
                  <span className={styles.muted}>{formatDateIST(o.createdAt)}</span>
                  <span className={styles.amount}>{formatMoney(o.totalPrice)}</span>
                </li>
              ))}
            </ol>
          )}
          {data.toShip.count > data.toShip.oldest.length && (
            <Link to="/admin/orderlist?status=to_ship">All orders waiting to ship</Link>
          )}
        </section>

        <section className={`card ${styles.section}`} aria-labelledby="low-heading">
          <h2 id="low-heading">
            Low stock: {formatCount(data.lowStock.count)}
            {data.lowStock.capped && '+'}
          </h2>
          {data.lowStock.products.length === 0 ? (
            <p className={styles.empty}>No product is at or below {formatCount(data.lowStock.threshold)} units.</p>
          ) : (
            <ol className={styles.list}>
              {data.lowStock.products.map((p) => (
                <li key={p._id}>
                  <Link to={`/admin/product/${p._id}/edit`}>{p.name}</Link>
                  <span className={p.countInStock === 0 ? styles.out : styles.amount}>
                    {p.countInStock === 0 ? 'Out of stock' : `${formatCount(p.countInStock)} left`}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <LowStockThreshold key={data.lowStock.threshold} threshold={data.lowStock.threshold} />
        </section>

        <TopProducts title="Top products by units (30 days)" id="top-units" products={data.topByUnits} by="units" />
        <TopProducts
          title="Top products by value (30 days, before GST)"
          id="top-value"
          products={data.topByRevenue}
          by="revenue"
        />
      </div>

      <OrdersExport />
    </>
  );
}

/** Buttons of which one is pressed: a period, a range of days. */
function Switch<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Array<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className={styles.switch} role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={styles.switchButton}
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

function Figure({
  label,
  now,
  before,
  show,
  versus,
}: {
  label: string;
  now: number;
  before: number;
  show: (n: number) => string;
  versus: string;
}) {
  const change = changeOf(now, before);
  return (
    <div className={`card ${styles.figure}`}>
      <dt>{label}</dt>
      <dd className={styles.value}>{show(now)}</dd>
      <dd className={styles.previous}>
        {show(before)} {versus}
        {change && <span className={change.up ? styles.up : styles.down}> ({change.text})</span>}
      </dd>
    </div>
  );
}

function TopProducts({
  title,
  id,
  products,
  by,
}: {
  title: string;
  id: string;
  products: DashboardReply['topByUnits'];
  by: 'units' | 'revenue';
}) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {products.length === 0 ? (
        <p className={styles.empty}>No sales in the last 30 days.</p>
      ) : (
        <ol className={styles.list}>
          {products.map((p) => (
            <li key={p._id}>
              <Link to={`/admin/product/${p._id}/edit`}>{p.name}</Link>
              <span className={styles.amount}>
                {by === 'units'
                  ? `${formatCount(p.units)} ${p.units === 1 ? 'unit' : 'units'}`
                  : formatMoney(p.revenue)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
