import { GSTIN_LENGTH, PINCODE_LENGTH, shippingAddressInput } from '@rr/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm, type SchemaForm } from '../../../components/use-schema-form.ts';
import { useUserInfo } from '../../account/index.ts';
import { lookupPincode } from '../api.ts';
import { shippingAddressStore, useShippingAddress } from '../checkout-store.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { DeliveryEstimate } from '../components/delivery-estimate.tsx';
import styles from './checkout.module.css';

type SavedAddress = ReturnType<typeof useShippingAddress>;
const SAVED_FIELDS = ['address', 'city', 'postalCode', 'state', 'gstin', 'businessName'] as const;

/** The form's first values: the address saved in this browser; the courier calls the account holder unless it is a gift. */
function initialValues(saved: SavedAddress, user: ReturnType<typeof useUserInfo>) {
  const kept = Object.fromEntries(SAVED_FIELDS.map((key) => [key, saved?.[key] ?? ''])) as Record<
    (typeof SAVED_FIELDS)[number],
    string
  >;
  return { name: saved?.name ?? user?.name ?? '', phone: saved?.phone ?? user?.phone ?? '', ...kept };
}

type AddressValues = ReturnType<typeof initialValues>;

/**
 * SPEC: a 6-character pincode fills city (the India Post division) and state from the server's lookup; a
 * failed lookup is only logged, and takes back what an earlier lookup filled (what the customer typed stays).
 */
function usePincodeFill(
  form: Pick<SchemaForm<AddressValues>, 'setValue' | 'setValues' | 'clearErrors'>,
  initialCode: string,
) {
  const { setValue, setValues, clearErrors } = form;
  const lookedUp = useRef(initialCode);
  // What the last successful lookup put in, to tell it from what the customer typed.
  const filled = useRef<{ city: string; state: string } | null>(null);

  return (value: string) => {
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
}

export function ShippingPage() {
  usePageTitle('Shipping | Rudraksha Ratna');
  const saved = useShippingAddress();
  const user = useUserInfo();
  const navigate = useNavigate();
  const form = useSchemaForm({
    initialValues: () => initialValues(saved, user),
    schema: shippingAddressInput,
    // A business invoice's fields left empty are not sent (the API takes them only when given).
    toInput: ({ gstin, businessName, ...address }) => ({
      ...address,
      ...(gstin.trim() ? { gstin } : {}),
      ...(businessName.trim() ? { businessName } : {}),
    }),
    // Optional in the API (SPEC clients send none); this form always asks for both.
    check: ({ name, phone }) => ({
      name: name.trim() ? undefined : 'Name is required',
      phone: phone.trim() ? undefined : 'Phone is required',
    }),
    onSubmit: (address) => {
      shippingAddressStore.set(address);
      navigate('/payment');
    },
  });
  // The business invoice's fields stay folded away unless in use (or holding an error to fix).
  const [businessOpen, setBusinessOpen] = useState(Boolean(saved?.gstin || saved?.businessName));
  const businessShown = businessOpen || Boolean(form.errors.gstin || form.errors.businessName);
  const changePostalCode = usePincodeFill(form, saved?.postalCode ?? '');

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
        <DeliveryEstimate postalCode={form.values.postalCode} />
        <FormField label="City" autoComplete="address-level2" {...form.field('city')} required maxLength={100} />
        <FormField label="State" autoComplete="address-level1" {...form.field('state')} required maxLength={100} />
        <BusinessInvoiceFields
          open={businessShown}
          onToggle={setBusinessOpen}
          gstin={form.field('gstin')}
          businessName={form.field('businessName')}
        />
        <p className={styles.note}>We deliver within India only.</p>
        <Button type="submit" block>
          Continue
        </Button>
      </form>
    </div>
  );
}

type FieldProps = ReturnType<SchemaForm<Record<'gstin' | 'businessName', string>>['field']>;

/** A business buyer's GSTIN and legal name, folded away unless in use: the invoice is then made out to them. */
function BusinessInvoiceFields(props: {
  open: boolean;
  onToggle: (open: boolean) => void;
  gstin: FieldProps;
  businessName: FieldProps;
}) {
  return (
    <details className={styles.business} open={props.open} onToggle={(e) => props.onToggle(e.currentTarget.open)}>
      <summary>Add GSTIN for a business invoice (optional)</summary>
      <FormField
        label="GSTIN"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...props.gstin}
        hint="15 characters, e.g. 27AAPFU0939F1ZV: the tax invoice is then made out to your business"
        maxLength={GSTIN_LENGTH + 5}
      />
      <FormField
        label="Business name"
        autoComplete="organization"
        {...props.businessName}
        hint="The legal name registered with this GSTIN"
        maxLength={100}
      />
    </details>
  );
}
