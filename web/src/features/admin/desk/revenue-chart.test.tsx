import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisTicks, RevenueChart } from './revenue-chart.tsx';

/** `count` days ending 27 Nov 2026, as GET /api/admin/dashboard's `daily` lists them. */
function daysTo27Nov(count: number) {
  const end = Date.UTC(2026, 10, 27);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    revenue: (i % 4) * 1000,
    orders: i % 3,
  }));
}

/** The axis's dates: their text, where each sits (percent of the chart's width), and whether a phone hides it. */
function axisLabels(container: HTMLElement) {
  const svg = container.querySelector('svg')!;
  const labels = Array.from(svg.parentElement!.querySelectorAll<HTMLElement>('[aria-hidden="true"] > span'));
  return labels.map((el) => ({
    text: el.textContent,
    left: el.style.left ? parseFloat(el.style.left) : null,
    right: el.style.right ? parseFloat(el.style.right) : null,
    centred: el.style.transform === 'translateX(-50%)',
    minor: el.className.includes('minor'),
  }));
}

/** The centres of the labels, in percent: the first starts at 0, the last ends at 100 (about). */
const centres = (labels: ReturnType<typeof axisLabels>) =>
  labels.map((l) => (l.centred ? l.left! : l.left === null ? 100 : 0));

describe('RevenueChart axis (issue 32)', () => {
  it('names days of 30 in Indian dates, in HTML (not text the SVG stretches), apart and in order', () => {
    const { container } = render(<RevenueChart days={daysTo27Nov(30)} />);
    // No text inside the SVG: its width stretches to the card's, which squeezed '11-27' to 6 px on a phone.
    expect(container.querySelectorAll('svg text')).toHaveLength(0);
    const labels = axisLabels(container);
    expect(labels.map((l) => l.text)).toEqual(['29 Oct', '3 Nov', '8 Nov', '13 Nov', '17 Nov', '22 Nov', '27 Nov']);
    // The first starts at the left edge, the last ends at the right: neither runs off the card.
    expect(labels[0]).toMatchObject({ right: null, centred: false });
    expect(labels[0]!.left).toBeLessThan(2);
    expect(labels.at(-1)).toMatchObject({ left: null, centred: false });
    expect(labels.at(-1)!.right).toBeLessThan(2);
    expect(labels.slice(1, -1).every((l) => l.centred)).toBe(true);
    // Seven on a wide card, an eighth of it or more apart (65 px at 520 px, for labels of about 45 px) ...
    const all = centres(labels);
    for (let k = 1; k < all.length; k++) expect(all[k]! - all[k - 1]!).toBeGreaterThanOrEqual(12.5);
    // ... every other one on a phone, over a quarter apart (85 px and more at 300 px).
    const phone = labels.filter((l) => !l.minor);
    expect(phone.map((l) => l.text)).toEqual(['29 Oct', '8 Nov', '17 Nov', '27 Nov']);
    const shown = centres(phone);
    for (let k = 1; k < shown.length; k++) expect(shown[k]! - shown[k - 1]!).toBeGreaterThanOrEqual(28);
  });

  it('says the range in Indian dates, and lists each day so in its table', () => {
    const { container } = render(<RevenueChart days={daysTo27Nov(90)} />);
    expect(container.querySelector('title')!.textContent).toMatch(/from 30 Aug 2026 to 27 Nov 2026/);
    const labels = axisLabels(container);
    expect(labels.filter((l) => !l.minor).map((l) => l.text)).toEqual(['30 Aug', '29 Sept', '28 Oct', '27 Nov']);
    expect(labels).toHaveLength(7);
    const firstRow = container.querySelector('tbody tr td');
    expect(firstRow!.textContent).toBe('27 Nov 2026');
  });

  it('names every day when there are seven or fewer, and the ends always', () => {
    expect(axisTicks(3)).toEqual([0, 1, 2].map((index) => ({ index, minor: false })));
    expect(axisTicks(7).map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(
      axisTicks(7)
        .filter((t) => !t.minor)
        .map((t) => t.index),
    ).toEqual([0, 2, 4, 6]);
  });
});
