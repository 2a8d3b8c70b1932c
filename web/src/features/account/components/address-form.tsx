import {
  ADDRESS_LABEL_MAX,
  GSTIN_LENGTH,
  savedAddressInput,
  type SavedAddress,
  type SavedAddressInput,
} from '@rr/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { usePincodeFill } from '../../../components/use-pincode-fill.ts';
import { useSchemaForm, type SchemaForm } from '../../../components/use-schema-form.ts';
import { useCreateAddress, useUpdateAddress } from '../addresses-api.ts';
import { useUserInfo } from '../session-store.ts';
import styles from './addresses.module.css';

type Values = Record<
  'label' | 'name' | 'phone' | 'address' | 'postalCode' | 'city' | 'state' | 'gstin' | 'businessName',
  string
> & { isDefault: boolean };

const TEXT_FIELDS = ['label', 'address', 'postalCode', 'city', 'state', 'gstin', 'businessName'] as const;

/** An address being edited as it is, or a new one for the account holder (who is the usual recipient). */
function initialValues(address: SavedAddress | undefined, user: ReturnType<typeof useUserInfo>): Values {
  const texts = Object.fromEntries(TEXT_FIELDS.map((key) => [key, address?.[key] ?? ''])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...texts,
    name: address?.name ?? user?.name ?? '',
    phone: address?.phone ?? user?.phone ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

/** The body the API checks: a business invoice's fields left empty are not sent. */
function toInput({ gstin, businessName, ...rest }: Values) {
  return { ...rest, ...(gstin.trim() ? { gstin } : {}), ...(businessName.trim() ? { businessName } : {}) };
}

/** Saves a new address, or an edited one (whose GSTIN and business name, when emptied, are taken off). */
function useSave(address: SavedAddress | undefined) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  return (data: SavedAddressInput) =>
    address
      ? update.mutateAsync({
          ...data,
          id: address._id,
          gstin: data.gstin ?? null,
          businessName: data.businessName ?? null,
        })
      : create.mutateAsync(data);
}

/** Issue 28: the form of a saved address, to add one or to edit one, on the account's addresses page. */
export function AddressForm({
  address,
  onDone,
  onCancel,
}: {
  address?: SavedAddress;
  onDone: () => void;
  onCancel: () => void;
}) {
  const user = useUserInfo();
  const save = useSave(address);
  const headingId = useId();
  const form = useSchemaForm({
    initialValues: () => initialValues(address, user),
    schema: savedAddressInput,
    toInput,
    onSubmit: (data) => save(data).then(onDone),
  });
  const [businessOpen, setBusinessOpen] = useState(Boolean(address?.gstin));
  const changePostalCode = usePincodeFill(form, address?.postalCode ?? '');
  const businessShown = businessOpen || Boolean(form.errors.gstin || form.errors.businessName);

  return (
    <form onSubmit={form.submit} noValidate className={`card ${styles.form}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{address ? 'Edit address' : 'New address'}</h2>
      {form.error && <Message variant="danger">{form.error}</Message>}
      <FormField
        label="Label (optional)"
        {...form.field('label')}
        hint="Home, Office, Parents… to tell your addresses apart"
        maxLength={ADDRESS_LABEL_MAX}
      />
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
      <BusinessAndDefault
        form={form}
        businessOpen={businessShown}
        onBusinessToggle={setBusinessOpen}
        isTheDefault={Boolean(address?.isDefault)}
      />
      <div className={styles.buttons}>
        <Button type="submit" busy={form.busy} busyLabel="Saving…">
          Save address
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A business's GSTIN and legal name (folded away unless in use), and whether the address is the default. */
function BusinessAndDefault({
  form,
  businessOpen,
  onBusinessToggle,
  isTheDefault,
}: {
  form: SchemaForm<Values>;
  businessOpen: boolean;
  onBusinessToggle: (open: boolean) => void;
  isTheDefault: boolean;
}) {
  return (
    <>
      <details className={styles.business} open={businessOpen} onToggle={(e) => onBusinessToggle(e.currentTarget.open)}>
        <summary>GSTIN for a business invoice (optional)</summary>
        <FormField
          label="GSTIN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.field('gstin')}
          hint="15 characters, e.g. 27AAPFU0939F1ZV"
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
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.values.isDefault}
          // The default stops being one only when another address is made the default.
          disabled={isTheDefault}
          onChange={(e) => form.setValue('isDefault', e.target.checked)}
        />
        Use as my default address
      </label>
    </>
  );
}
