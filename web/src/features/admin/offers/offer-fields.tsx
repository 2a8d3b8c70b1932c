import { useId } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import styles from './offers.module.css';

type TextFieldProps = {
  name: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
};

/** When an offer runs, in Indian time whatever the computer's clock says (the server reads it as IST). */
export function DateFields({
  start,
  end,
  startHint,
  endHint,
}: {
  start: TextFieldProps;
  end: TextFieldProps;
  startHint: string;
  endHint: string;
}) {
  return (
    <fieldset className={styles.group}>
      <legend>When (Indian time, IST)</legend>
      <div className={styles.pair}>
        <FormField label="Starts" type="datetime-local" hint={startHint} {...start} />
        <FormField label="Ends" type="datetime-local" hint={endHint} {...end} />
      </div>
    </fieldset>
  );
}

/** A checkbox with its explanation under it, and its error. */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={styles.checkField}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className={styles.note}>
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Next to the button, where a long form's user looks when it fails: a problem with no field of its own
 * (the schema's checks across fields), else a pointer to the fields marked above.
 */
export function FormProblems({ errors }: { errors: Partial<Record<string, string>> }) {
  const whole = errors[''];
  if (whole) return <Message variant="danger">{whole}</Message>;
  if (Object.values(errors).some(Boolean))
    return <Message variant="danger">Please correct the fields marked above.</Message>;
  return null;
}
