import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { useErrorText } from '../i18n/error-text.ts';
import { displayMessage, fieldErrors } from './field-errors.ts';

/** What a form's controls hold: text for inputs, selects and text areas; a flag for a checkbox. */
type FieldValue = string | boolean;

export type FormErrors<Values> = Partial<Record<keyof Values & string, string>>;

type Schema<Output> = z.ZodMiniType<Output>;

/**
 * A schema the form loads when it is first edited or sent, for a form on a page that must start small
 * (the storefront's pages, whose first JavaScript has no zod in it). Made by `lazySchema`.
 */
export interface LazySchema<Output> {
  load: () => Promise<Schema<Output>>;
}

/** `load` is a dynamic import of a module that re-exports the schema, never of '@rr/core' itself. */
export function lazySchema<Output>(load: () => Promise<Schema<Output>>): LazySchema<Output> {
  let loading: Promise<Schema<Output>> | null = null;
  return {
    load: () =>
      (loading ??= load().catch((reason: unknown) => {
        // A failed load (the network away) is tried again on the next send.
        loading = null;
        throw reason;
      })),
  };
}

const isLazy = <Values, Output>(source: SchemaSource<Values, Output>): source is LazySchema<Output> =>
  typeof source === 'object' && 'load' in source;

type SchemaSource<Values, Output> = Schema<Output> | ((values: Values) => Schema<Output>) | LazySchema<Output>;

export const SCHEMA_LOAD_FAILED = 'The form could not be checked: check your connection and send it again.';

export interface SchemaFormOptions<Values extends Record<string, FieldValue>, Output> {
  initialValues: Values | (() => Values);
  /**
   * The `core` schema the server checks the same body with (or one picked from the values, or one loaded
   * when needed: `lazySchema`; such a form's `checkInitialValues` runs only its own `check`).
   */
  schema: SchemaSource<Values, Output>;
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

/** The form's refusal that names no field, in the page's language (issue 30: `useErrorText`). */
function useFormRefusal() {
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  return [error, (reason: unknown) => setError(reason === null ? null : errorText(reason)), errorText] as const;
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
    options.checkInitialValues ? validate(options, values, null).errors : {},
  );
  const [error, setError, errorText] = useFormRefusal();
  const [busy, setBusy] = useState(false);
  // A second press while the first is on its way sends nothing.
  const sending = useRef(false);
  const loaded = useRef<Schema<Output> | null>(null);
  const source = options.schema;
  const load = async (lazy: LazySchema<Output>) => (loaded.current ??= await lazy.load());

  const clearErrors = (...names: Array<keyof Values & string>) =>
    setErrors((current) =>
      names.some((name) => current[name] !== undefined)
        ? (Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name))) as FormErrors<Values>)
        : current,
    );

  const setValue = <K extends keyof Values & string>(name: K, value: Values[K]) => {
    setValuesState((current) => ({ ...current, [name]: value }));
    // Someone filling the form in will send it: fetch its schema meanwhile (a failure shows on send).
    if (isLazy(source) && !loaded.current) load(source).catch(() => undefined);
    clearErrors(name);
    if (options.clearServerErrorOnEdit) setError(null);
  };

  const send = (schema: Schema<Output>) => {
    const result = validate(options, values, schema);
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
        const refusal = serverFieldError(reason, values, errorText);
        if (refusal) setErrors({ [refusal.field]: refusal.message } as FormErrors<Values>);
        else setError(reason);
      })
      .finally(() => {
        sending.current = false;
        setBusy(false);
      });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending.current) return;
    setError(null);
    if (!isLazy(source)) return send(typeof source === 'function' ? source(values) : source);
    if (loaded.current) return send(loaded.current);
    sending.current = true;
    setBusy(true);
    load(source).then(
      (schema) => {
        sending.current = false;
        setBusy(false);
        send(schema);
      },
      () => {
        sending.current = false;
        setBusy(false);
        setError(SCHEMA_LOAD_FAILED);
      },
    );
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

/** The values checked by `schema` (null: a lazy schema not loaded yet, so the form's own checks only). */
function validate<Values extends Record<string, FieldValue>, Output>(
  options: SchemaFormOptions<Values, Output>,
  values: Values,
  schema: Schema<Output> | null,
): Validation<Values, Output> {
  const source = options.schema;
  const resolved = schema ?? (isLazy(source) ? null : typeof source === 'function' ? source(values) : source);
  const parsed = resolved?.safeParse(options.toInput ? options.toInput(values) : values) ?? null;
  const own = Object.fromEntries(Object.entries(options.check?.(values) ?? {}).filter(([, message]) => message));
  const errors = {
    ...(parsed?.success === false ? fieldErrors(parsed.error.issues) : {}),
    ...own,
  } as FormErrors<Values>;
  if (!parsed?.success || Object.keys(own).length > 0) return { success: false, errors };
  return { success: true, data: parsed.data, errors };
}

/**
 * "currentPassword: the current password is not correct." is about that field, when the form has it;
 * said under it in the page's language when its code has a text there (issue 30), else in the server's words.
 */
function serverFieldError<Values extends object>(
  reason: unknown,
  values: Values,
  errorText: (error: unknown) => string,
): { field: string; message: string } | null {
  if (!(reason instanceof Error)) return null;
  const match = /^([A-Za-z][A-Za-z0-9]*): (.+)$/s.exec(reason.message);
  if (!match || !(match[1]! in values)) return null;
  const said = errorText(reason);
  return { field: match[1]!, message: said === reason.message ? displayMessage(match[2]!) : said };
}
