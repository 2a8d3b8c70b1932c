import { formatDateIST, formatDayMonth, istDateStart, type DashboardReply } from '@rr/core';
import { formatCount, formatMoney } from './format.ts';
import styles from './dashboard.module.css';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 2, left: 8 };
/** Dates the axis names on a wide card, and on a narrow one (a phone's, about 300 px: room between four). */
const WIDE_TICKS = 7;
const NARROW_TICKS = 4;

/** '27 Nov 2026' for an Indian calendar date. */
const longDate = (date: string) => (date ? formatDateIST(istDateStart(date).toISOString()) : '');

/** `max` days evenly apart, the first and the last always; every day when there are no more than `max`. */
function evenlyApart(count: number, max: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: max }, (_, k) => Math.round((k * (count - 1)) / (max - 1)));
}

/**
 * Which days the axis names (issue 32): seven evenly apart on a wide card; four of them on a narrow one,
 * the others `minor` (hidden there). The four are among the seven: every other one.
 */
export function axisTicks(count: number): Array<{ index: number; minor: boolean }> {
  const narrow = new Set(evenlyApart(count, NARROW_TICKS));
  return evenlyApart(count, WIDE_TICKS).map((index) => ({ index, minor: !narrow.has(index) }));
}

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
  const first = longDate(days[0]?.date ?? '');
  const last = longDate(days.at(-1)?.date ?? '');
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
      </svg>
      <AxisDates days={days} />
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
                  <td>{longDate(d.date)}</td>
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

/**
 * The dates in HTML, not in the SVG: its width stretches to the card's, which would squeeze or widen its
 * text (6 px on a phone, issue 32). The first starts at its bar, the last ends at its bar, the others sit
 * centred under theirs.
 */
function AxisDates({ days }: { days: DashboardReply['daily'] }) {
  const ticks = axisTicks(days.length);
  const step = (WIDTH - PAD.left - PAD.right) / days.length;
  const x = (i: number) => PAD.left + i * step;
  const percent = (svgX: number) => `${((svgX / WIDTH) * 100).toFixed(2)}%`;
  return (
    <div className={styles.ticks} aria-hidden="true">
      {ticks.map(({ index: i, minor }, k) => {
        const date = days[i]?.date ?? '';
        const at =
          k === 0 && ticks.length > 1
            ? { left: percent(x(i)) }
            : k === ticks.length - 1 && ticks.length > 1
              ? { right: percent(WIDTH - x(i) - step) }
              : { left: percent(x(i) + step / 2), transform: 'translateX(-50%)' };
        return (
          <span key={date} className={`${styles.tick} ${minor ? styles.minorTick : ''}`} style={at}>
            {formatDayMonth(date)}
          </span>
        );
      })}
    </div>
  );
}
