import { PINCODE_LENGTH } from '@rr/core';
import { useRef } from 'react';
import { lookupPincode } from '../lib/delivery-pincode.ts';

type PlaceValues = { postalCode: string; city: string; state: string };
/** The parts of a form (`useSchemaForm`) with a pincode, a city and a state that the lookup fills. */
interface PlaceForm<Values extends PlaceValues> {
  setValue: (name: 'postalCode', value: string) => void;
  setValues: (update: (values: Values) => Values) => void;
  clearErrors: (...names: Array<'city' | 'state'>) => void;
}

/**
 * SPEC: a 6-character pincode fills city and state from the server's lookup (the city is the town a buyer
 * writes, not the India Post division SPEC's lookup read: issue 32); a failed lookup is only logged, and
 * takes back what an earlier lookup filled (what the customer typed stays).
 * Shared by the checkout's shipping form and the account's saved addresses (issue 28).
 */
export function usePincodeFill<Values extends PlaceValues>(form: PlaceForm<Values>, initialCode: string) {
  const { setValue, setValues, clearErrors } = form;
  const lookedUp = useRef(initialCode);
  // What the last successful lookup put in, to tell it from what the customer typed.
  const filled = useRef<{ city: string; state: string } | null>(null);

  return (value: string) => {
    setValue('postalCode', value);
    const code = value.trim();
    if (code.length !== PINCODE_LENGTH || code === lookedUp.current) return;
    lookedUp.current = code;
    lookupPincode(code)
      .then((place) => {
        if (lookedUp.current !== code) return;
        filled.current = { city: place.city, state: place.state };
        setValues((f) => (f.postalCode.trim() === code ? { ...f, city: place.city, state: place.state } : f));
        clearErrors('city', 'state');
      })
      .catch(() => {
        console.log('Invalid Pincode');
        // The city and state of an earlier pincode do not belong to this one; typed ones stay.
        const previous = filled.current;
        if (lookedUp.current !== code || !previous) return;
        filled.current = null;
        setValues((f) =>
          f.postalCode.trim() === code
            ? {
                ...f,
                city: f.city === previous.city ? '' : f.city,
                state: f.state === previous.state ? '' : f.state,
              }
            : f,
        );
      });
  };
}
