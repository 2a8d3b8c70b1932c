import type { ShippingSettings } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { useSaveShipping } from './shipping-api.ts';
import { checkDraft, draftOf, serverError, type PathErrors, type ShippingDraft } from './shipping-draft.ts';

/** The page's form state: the fields, the errors by path, and the last save's outcome. */
export function useShippingForm(settings: ShippingSettings) {
  const save = useSaveShipping();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<PathErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  /** A change clears the errors of the fields it touches (a path under a changed top-level field). */
  const change = (update: Partial<ShippingDraft>, paths: string[]) => {
    setDraft((current) => ({ ...current, ...update }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !paths.some((p) => path.startsWith(p)))),
    );
    setSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const checked = checkDraft(draft);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer));
        setSaved(true);
      },
      onError: (reason) => {
        const about = serverError(reason.message);
        if (about) setErrors(about);
        else setError(reason.message);
      },
    });
  };
  return { draft, errors, error, saved, busy: save.isPending, change, submit };
}

export type ShippingForm = ReturnType<typeof useShippingForm>;
