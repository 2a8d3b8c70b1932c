import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './form-field.module.css';

interface FieldText {
  label: string;
  /** Shown under the control in red and announced with it. */
  error?: string | null;
  /** A short help text, announced with the control. */
  hint?: string;
}

export type FormFieldProps = FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** The label, hint and error around one control, tied to it for screen readers. */
function Field({
  label,
  error,
  hint,
  control,
}: FieldText & { control: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text input with its help text and error tied to it for screen readers. */
export function FormField({ label, error, hint, ...inputProps }: FormFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(a11y) => (
        <input className={`input ${inputProps.readOnly ? styles.readOnly : ''}`} {...a11y} {...inputProps} />
      )}
    />
  );
}

/** A labelled select, like FormField; the options are its children. */
export function SelectField({
  label,
  error,
  hint,
  ...selectProps
}: FieldText & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(a11y) => <select className="select" {...a11y} {...selectProps} />}
    />
  );
}

/** A labelled multi-line text box, like FormField. */
export function TextAreaField({
  label,
  error,
  hint,
  ...textAreaProps
}: FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(a11y) => <textarea className={`input ${styles.textarea}`} rows={5} {...a11y} {...textAreaProps} />}
    />
  );
}

export { fieldErrors } from './field-errors.ts';
