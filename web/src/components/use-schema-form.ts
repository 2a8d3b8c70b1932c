import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { displayMessage, fieldErrors } from './field-errors.ts';

/** What a form's controls hold: text for inputs, selects and text areas; a flag for a checkbox. */
type FieldValue = string | boolean;

export type FormErrors<Values> = Partial<Record<keyof Values & string, string>>;

export interface SchemaFormOptions<Values extends Record<string, FieldValue>, Output> {
  initialValues: Values | (() => Values);
  /** The `core` schema the server checks the same body with (or one picked from the values). */
  schema: z.ZodMiniType<Output> | ((values: Values) => z.ZodMiniType<Output>);
  /** The body the schema checks, when it is not the values as they are (numbers, fields left out). */
  toInput?: (values: Values) => unknown;
  /** Checks only this form makes (a confirmation that must match); its messages win over the schema's. */
  check?: (values: Values) => FormErrors<Values>;
  /** Whether the form's errors are shown before the first submit (a value that came in a link). */
  checkInitialValues?: boolean;
  /** Whether a refusal not about one field goes away once anything is edited (it was about what was sent). */
  clearServerErrorOnEdit?: boolean;
  /** Whether the fields go back to their initial values once `onSubmit` has succeeded. */
  clearAfterSubmit?: boolean;
  /** Sends what the schema accepted; a rejection becomes a field's error or the form's. */
  onSubmit: (data: Output, values: Values) => unknown;
}

export interface SchemaForm<Values extends Record<string, FieldValue>> {
  values: Values;
  /** One message per field, from the schema, the form's own checks or the server. */
  errors: FormErrors<Values>;
  /** The server's refusal when it names no field of this form. */
  error: string | null;
  /** True while `onSubmit`'s promise is pending. */
  busy: boolean;
  /** Sets a field as the user would, clearing that field's error. */
  setValue: <K extends keyof Values & string>(name: K, value: Values[K]) => void;
  /** Changes values without touching errors (a lookup filling fields in). */
  setValues: (update: (values: Values) => Values) => void;
  clearErrors: (...names: Array<keyof Values & string>) => void;
  /** Props for a text control (FormField, SelectField, TextAreaField) bound to one field. */
  field: <K extends keyof Values & string>(
    name: K,
  ) => {
    name: K;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
    error: string | undefined;
  };
  submit: (event?: FormEvent) => void;
}

/**
 * One way to write a form (decision 0014): values, per-field errors from the `core` schema and from the
 * server's reply, a field's error cleared as soon as that field is edited, and a busy submit. A server
 * refusal names its field as "field: message" (as the API's validation replies do).
 */
export function useSchemaForm<Values extends Record<string, FieldValue>, Output>(
  options: SchemaFormOptions<Values, Output>,
): SchemaForm<Values> {
  const [initial] = useState(options.initialValues);
  const [values, setValuesState] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<Values>>(() =>
    options.checkInitialValues ? validate(options, values).errors : {},
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second press while the first is on its way sends nothing.
  const sending = useRef(false);

  const clearErrors = (...names: Array<keyof Values & string>) =>
    setErrors((current) =>
      names.some((name) => current[name] !== undefined)
        ? (Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name))) as FormErrors<Values>)
        : current,
    );

  const setValue = <K extends keyof Values & string>(name: K, value: Values[K]) => {
    setValuesState((current) => ({ ...current, [name]: value }));
    clearErrors(name);
    if (options.clearServerErrorOnEdit) setError(null);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending.current) return;
    setError(null);
    const result = validate(options, values);
    setErrors(result.errors);
    if (!result.success) return;
    const sent = options.onSubmit(result.data, values);
    if (!(sent instanceof Promise)) return;
    sending.current = true;
    setBusy(true);
    sent
      .then(() => {
        if (options.clearAfterSubmit) setValuesState(initial);
      })
      .catch((reason: unknown) => {
        const refusal = serverFieldError(reason, values);
        if (refusal) setErrors({ [refusal.field]: refusal.message } as FormErrors<Values>);
        else setError(reason instanceof Error ? reason.message : String(reason));
      })
      .finally(() => {
        sending.current = false;
        setBusy(false);
      });
  };

  return {
    values,
    errors,
    error,
    busy,
    setValue,
    setValues: setValuesState,
    clearErrors,
    field: (name) => ({
      name,
      value: String(values[name]),
      onChange: (event) => setValue(name, event.target.value as Values[typeof name]),
      error: errors[name],
    }),
    submit,
  };
}

type Validation<Values, Output> =
  { success: true; data: Output; errors: FormErrors<Values> } | { success: false; errors: FormErrors<Values> };

function validate<Values extends Record<string, FieldValue>, Output>(
  options: SchemaFormOptions<Values, Output>,
  values: Values,
): Validation<Values, Output> {
  const schema = typeof options.schema === 'function' ? options.schema(values) : options.schema;
  const parsed = schema.safeParse(options.toInput ? options.toInput(values) : values);
  const own = Object.fromEntries(Object.entries(options.check?.(values) ?? {}).filter(([, message]) => message));
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...own } as FormErrors<Values>;
  if (!parsed.success || Object.keys(own).length > 0) return { success: false, errors };
  return { success: true, data: parsed.data, errors };
}

/** "currentPassword: the current password is not correct." is about that field, when the form has it. */
function serverFieldError<Values extends object>(
  reason: unknown,
  values: Values,
): { field: string; message: string } | null {
  if (!(reason instanceof Error)) return null;
  const match = /^([A-Za-z][A-Za-z0-9]*): (.+)$/s.exec(reason.message);
  if (!match || !(match[1]! in values)) return null;
  return { field: match[1]!, message: displayMessage(match[2]!) };
}
