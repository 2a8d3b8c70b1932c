import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../../components/button.tsx';
import { FormField, type FormFieldProps } from '../../../../components/form-field.tsx';
import styles from './product-options.module.css';

/**
 * One row of a list (a variant, an add-on) as a card: a fieldset named by `legend`, its inputs, and
 * move up, move down and remove. A row just added takes the focus (its first input).
 */
export function RowCard({
  legend,
  error,
  focusOnMount,
  children,
}: {
  legend: string;
  error?: string;
  focusOnMount: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [focusOnMount]);
  return (
    <fieldset className={styles.row} ref={ref}>
      <legend className={styles.rowLegend}>{legend}</legend>
      {error && (
        <p className={styles.rowError} role="alert">
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/**
 * Move up, move down, remove (after `start`, the row's own choice, such as the default variant). At an end the move is announced as unavailable (aria-disabled) rather
 * than disabled, so the button just pressed keeps the focus when its row reaches the top or bottom.
 */
export function RowActions({
  what,
  index,
  count,
  onMove,
  onRemove,
  start,
}: {
  /** "variant 2", "add-on 1": how the buttons name their row. */
  what: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  start?: ReactNode;
}) {
  const first = index === 0;
  const last = index === count - 1;
  return (
    <div className={styles.rowActions}>
      {start}
      <span className={styles.moves}>
        <Button
          variant="outline"
          className={styles.small}
          aria-label={`Move ${what} up`}
          aria-disabled={first || undefined}
          onClick={() => !first && onMove(-1)}
        >
          ↑
        </Button>
        <Button
          variant="outline"
          className={styles.small}
          aria-label={`Move ${what} down`}
          aria-disabled={last || undefined}
          onClick={() => !last && onMove(1)}
        >
          ↓
        </Button>
        <Button
          variant="outline"
          className={`${styles.small} ${styles.remove}`}
          aria-label={`Remove ${what}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </span>
    </div>
  );
}

/** A labelled checkbox with a short explanation tied to it. */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <span className={styles.checkText}>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <small id={`${id}-hint`} className={styles.checkHint}>
            {hint}
          </small>
        )}
      </span>
    </div>
  );
}

/** A variant's or an add-on's Hindi name (issue 30): Hindi pages show it, the English one where it is empty. */
export function HindiNameField(props: Pick<FormFieldProps, 'value' | 'onChange' | 'error' | 'placeholder'>) {
  return (
    <div className={styles.span2}>
      <FormField
        label="Hindi name"
        hint="Shown on Hindi pages; empty: the English name."
        autoComplete="off"
        lang="hi"
        maxLength={60}
        {...props}
      />
    </div>
  );
}
