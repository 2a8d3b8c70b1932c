import type { DashboardReply } from '@rr/core';
import { formatCount, formatMoney } from './format.ts';
import styles from './dashboard.module.css';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };

/**
 * Revenue per day as bars and orders per day as a line, in plain SVG (no chart library): the picture is
 * for the eye, and the same figures are in a table for screen readers and for anyone who wants numbers.
 */
export function RevenueChart({ days }: { days: DashboardReply['daily'] }) {
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenue));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / days.length;
  const x = (i: number) => PAD.left + i * step;
  const yRevenue = (v: number) => PAD.top + plotH - (v / maxRevenue) * plotH;
  const yOrders = (v: number) => PAD.top + plotH - (v / maxOrders) * plotH;
  const line = days
    .map((d, i) => `${i ? 'L' : 'M'}${(x(i) + step / 2).toFixed(1)},${yOrders(d.orders).toFixed(1)}`)
    .join(' ');
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const total = days.reduce((s, d) => s + d.revenue, 0);
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-title" preserveAspectRatio="none">
        <title id="chart-title">
          Revenue and orders per day from {first} to {last}: {formatMoney(total)} in all; the table below has each day.
        </title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className={styles.axis} />
        {days.map((d, i) => (
          <rect
            key={d.date}
            x={x(i) + step * 0.15}
            width={Math.max(1, step * 0.7)}
            y={yRevenue(d.revenue)}
            height={PAD.top + plotH - yRevenue(d.revenue)}
            className={styles.bar}
          />
        ))}
        <path d={line} className={styles.line} fill="none" />
        <text x={PAD.left} y={HEIGHT - 6} className={styles.tick}>
          {first.slice(5)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className={styles.tick}>
          {last.slice(5)}
        </text>
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.legendBar}>Revenue (bars, up to {formatMoney(maxRevenue)} a day)</span>
        <span className={styles.legendLine}>Orders (line, up to {formatCount(maxOrders)} a day)</span>
      </figcaption>
      <details className={styles.tableToggle}>
        <summary>Show the figures as a table</summary>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Revenue</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td>{formatMoney(d.revenue)}</td>
                  <td>{formatCount(d.orders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
