import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './data-table.module.css';

/**
 * What a cell is on a phone's card (issue 32): the row's `title` (its name or number), its `actions`
 * (beside the title, at the top), a `state` (paid, delivered, draft, stock: right under them), a
 * `reference` (a record's id: last), or, left out, a field like any other. On a wider screen every cell
 * is an ordinary one, in its column.
 */
export type CellRole = 'title' | 'actions' | 'state' | 'reference';

/**
 * A cell of a DataTable: `label` is its column's heading, which a phone's card shows above its value
 * (the card hides the table's head). One rendering for both: the stylesheet decides, by width.
 */
export function Cell({
  label,
  role,
  className,
  colSpan,
  children,
}: {
  label?: string;
  role?: CellRole;
  className?: string;
  colSpan?: number;
  children?: ReactNode;
}) {
  return (
    <td data-label={label} data-cell={role} className={className} colSpan={colSpan}>
      {children}
    </td>
  );
}

type Overflow = { left: boolean; right: boolean };

function measure(el: HTMLElement): Overflow {
  const max = el.scrollWidth - el.clientWidth;
  return { left: max > 1 && el.scrollLeft > 1, right: max > 1 && el.scrollLeft < max - 1 };
}

/**
 * A table that, up to 600 px wide, shows each row as a card (issue 32): the title and the actions at the
 * top, the states under them, then each other cell under its column's heading (see `Cell`). Nothing to
 * scroll sideways to. Wider, it is a table that scrolls sideways inside its own frame when it must rather
 * than widening the page. The frame is a focusable region named by `labelledBy`, so keyboard users can scroll it too. When the
 * table is wider than its frame, a faded edge shows on the side with more columns and a hint says so;
 * not on an `empty` table, whose only row (a 'nothing here yet' line) hides nothing worth scrolling to.
 */
export function DataTable({
  labelledBy,
  empty = false,
  children,
}: {
  labelledBy: string;
  empty?: boolean;
  children: ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const [scrolls, setScrolls] = useState(false);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const update = () => {
      const next = measure(el);
      setOverflow((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
      setScrolls(el.scrollWidth - el.clientWidth > 1);
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el) setOverflow(measure(el));
  };

  return (
    <div
      className={`${styles.frame} ${overflow.left && !empty ? styles.moreLeft : ''} ${overflow.right && !empty ? styles.moreRight : ''}`}
    >
      <div
        ref={scrollRef}
        className={styles.scroll}
        role="region"
        aria-labelledby={labelledBy}
        tabIndex={0}
        onScroll={onScroll}
      >
        <table className={styles.table}>{children}</table>
      </div>
      {scrolls && !empty && (
        <p className={styles.hint} aria-hidden="true">
          Scroll sideways for more <span className={styles.arrow}>→</span>
        </p>
      )}
    </div>
  );
}
