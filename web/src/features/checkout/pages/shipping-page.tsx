import { GSTIN_LENGTH, PINCODE_LENGTH, shippingAddressInput } from '@rr/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
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
  const form = useSchemaForm({
    // The courier calls the recipient: the account's name and phone unless it is a gift.
    initialValues: () => ({
      name: saved?.name ?? user?.name ?? '',
      phone: saved?.phone ?? user?.phone ?? '',
      address: saved?.address ?? '',
      city: saved?.city ?? '',
      postalCode: saved?.postalCode ?? '',
      state: saved?.state ?? '',
      gstin: saved?.gstin ?? '',
      businessName: saved?.businessName ?? '',
    }),
    schema: shippingAddressInput,
    // A business invoice's fields left empty are not sent (the API takes them only when given).
    toInput: ({ gstin, businessName, ...address }) => ({
      ...address,
      ...(gstin.trim() ? { gstin } : {}),
      ...(businessName.trim() ? { businessName } : {}),
    }),
    // Optional in the API (SPEC clients send none); this form always asks for both.
    check: ({ name, phone, gstin, businessName }) => ({
      name: name.trim() ? undefined : 'Name is required',
      phone: phone.trim() ? undefined : 'Phone is required',
      gstin: businessName.trim() && !gstin.trim() ? 'GSTIN is required for a business invoice' : undefined,
    }),
    onSubmit: (address) => {
      shippingAddressStore.set(address);
      navigate('/payment');
    },
  });
  const { setValue, setValues, clearErrors } = form;
  // The business invoice's fields stay folded away unless in use (or holding an error to fix).
  const [businessOpen, setBusinessOpen] = useState(Boolean(saved?.gstin || saved?.businessName));
  const businessShown = businessOpen || Boolean(form.errors.gstin || form.errors.businessName);
  const lookedUp = useRef(saved?.postalCode ?? '');
  // What the last successful lookup put in, to tell it from what the customer typed.
  const filled = useRef<{ city: string; state: string } | null>(null);

  const changePostalCode = (value: string) => {
    setValue('postalCode', value);
    const code = value.trim();
    // SPEC: a 6-character code fills city (the India Post division) and state; a failed lookup is only logged.
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

  return (
    <div className={`container page ${styles.narrow}`}>
      <CheckoutSteps current={2} />
      <h1>Shipping</h1>
      <form onSubmit={form.submit} noValidate className={styles.form}>
        <FormField
          label="Recipient's Name"
          autoComplete="shipping name"
          {...form.field('name')}
          required
          maxLength={80}
        />
        <FormField
          label="Recipient's Phone"
          type="tel"
          autoComplete="shipping tel"
          inputMode="tel"
          {...form.field('phone')}
          hint="10-digit mobile: the courier calls it"
          required
          maxLength={20}
        />
        <FormField label="Address" autoComplete="street-address" {...form.field('address')} required maxLength={200} />
        <FormField
          label="Postal Code"
          autoComplete="postal-code"
          inputMode="numeric"
          {...form.field('postalCode')}
          onChange={(e) => changePostalCode(e.target.value)}
          hint="6-digit pincode: fills in city and state"
          required
          maxLength={6}
        />
        <FormField label="City" autoComplete="address-level2" {...form.field('city')} required maxLength={100} />
        <FormField label="State" autoComplete="address-level1" {...form.field('state')} required maxLength={100} />
        <details
          className={styles.business}
          open={businessShown}
          onToggle={(e) => setBusinessOpen(e.currentTarget.open)}
        >
          <summary>Add GSTIN for a business invoice (optional)</summary>
          <FormField
            label="GSTIN"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.field('gstin')}
            hint="15 characters, e.g. 27AAPFU0939F1ZV: the tax invoice is then made out to your business"
            maxLength={GSTIN_LENGTH + 5}
          />
          <FormField
            label="Business name"
            autoComplete="organization"
            {...form.field('businessName')}
            hint="The legal name registered with this GSTIN"
            maxLength={100}
          />
        </details>
        <p className={styles.note}>We deliver within India only.</p>
        <Button type="submit" block>
          Continue
        </Button>
      </form>
    </div>
  );
}
