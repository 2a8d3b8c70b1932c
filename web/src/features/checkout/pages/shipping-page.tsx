import { PINCODE_LENGTH, shippingAddressInput } from '@rr/core';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormField, fieldErrors } from '../../../components/form-field.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useUserInfo } from '../../account/index.ts';
import { lookupPincode } from '../api.ts';
import { shippingAddressStore, useShippingAddress } from '../checkout-store.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import styles from './checkout.module.css';

export function ShippingPage() {
  usePageTitle('Shipping | Rudraksha Ratna');
  const saved = useShippingAddress();
  const user = useUserInfo();
  const navigate = useNavigate();
  // The courier calls the recipient: the account's name and phone unless it is a gift.
  const [form, setForm] = useState({
    name: saved?.name ?? user?.name ?? '',
    phone: saved?.phone ?? user?.phone ?? '',
    address: saved?.address ?? '',
    city: saved?.city ?? '',
    postalCode: saved?.postalCode ?? '',
    state: saved?.state ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lookedUp = useRef(saved?.postalCode ?? '');
  // What the last successful lookup put in, to tell it from what the customer typed.
  const filled = useRef<{ city: string; state: string } | null>(null);

  const clearErrors = (...fields: Array<keyof typeof form>) =>
    setErrors((current) =>
      fields.some((field) => field in current)
        ? Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as keyof typeof form)))
        : current,
    );

  const set = (field: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearErrors(field);
  };

  const changePostalCode = (value: string) => {
    set('postalCode')(value);
    const code = value.trim();
    // SPEC: a 6-character code fills city (the India Post division) and state; a failed lookup is only logged.
    if (code.length !== PINCODE_LENGTH || code === lookedUp.current) return;
    lookedUp.current = code;
    lookupPincode(code)
      .then((place) => {
        if (lookedUp.current !== code) return;
        filled.current = { city: place.city, state: place.state };
        setForm((f) => (f.postalCode.trim() === code ? { ...f, city: place.city, state: place.state } : f));
        clearErrors('city', 'state');
      })
      .catch(() => {
        console.log('Invalid Pincode');
        // The city and state of an earlier pincode do not belong to this one; typed ones stay.
        const previous = filled.current;
        if (lookedUp.current !== code || !previous) return;
        filled.current = null;
        setForm((f) =>
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shippingAddressInput.safeParse(form);
    // Optional in the API (SPEC clients send none); this form always asks for both.
    const missing = {
      ...(form.name.trim() ? {} : { name: 'Name is required' }),
      ...(form.phone.trim() ? {} : { phone: 'Phone is required' }),
    };
    if (!parsed.success || Object.keys(missing).length) {
      setErrors({ ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...missing });
      return;
    }
    shippingAddressStore.set(parsed.data);
    navigate('/payment');
  };

  return (
    <div className={`container page ${styles.narrow}`}>
      <CheckoutSteps current={2} />
      <h1>Shipping</h1>
      <form onSubmit={submit} noValidate className={styles.form}>
        <FormField
          label="Recipient's Name"
          autoComplete="shipping name"
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
          required
          maxLength={80}
        />
        <FormField
          label="Recipient's Phone"
          type="tel"
          autoComplete="shipping tel"
          inputMode="tel"
          value={form.phone}
          onChange={(e) => set('phone')(e.target.value)}
          error={errors.phone}
          hint="10-digit mobile: the courier calls it"
          required
          maxLength={20}
        />
        <FormField
          label="Address"
          autoComplete="street-address"
          value={form.address}
          onChange={(e) => set('address')(e.target.value)}
          error={errors.address}
          required
          maxLength={200}
        />
        <FormField
          label="Postal Code"
          autoComplete="postal-code"
          inputMode="numeric"
          value={form.postalCode}
          onChange={(e) => changePostalCode(e.target.value)}
          error={errors.postalCode}
          hint="6-digit pincode: fills in city and state"
          required
          maxLength={6}
        />
        <FormField
          label="City"
          autoComplete="address-level2"
          value={form.city}
          onChange={(e) => set('city')(e.target.value)}
          error={errors.city}
          required
          maxLength={100}
        />
        <FormField
          label="State"
          autoComplete="address-level1"
          value={form.state}
          onChange={(e) => set('state')(e.target.value)}
          error={errors.state}
          required
          maxLength={100}
        />
        <p className={styles.note}>We deliver within India only.</p>
        <button type="submit" className="btn btn-block">
          Continue
        </button>
      </form>
    </div>
  );
}
