import { GSTIN_LENGTH } from '@rr/core';
import type { ReactNode } from 'react';
import { FormField } from './form-field.tsx';
import type { SchemaForm } from './use-schema-form.ts';
import styles from './address-fields.module.css';

type AddressFieldName = 'name' | 'phone' | 'address' | 'postalCode' | 'city' | 'state' | 'gstin' | 'businessName';
type FieldProps = ReturnType<SchemaForm<Record<AddressFieldName, string>>['field']>;

/**
 * A delivery address's fields as checkout and the saved addresses ask them (issue 28): the recipient,
 * the address with its pincode (which fills city and state), and a business buyer's GSTIN and legal
 * name, folded away unless in use.
 */
export function AddressFields(props: {
  field: (name: AddressFieldName) => FieldProps;
  onPostalCodeChange: (value: string) => void;
  /** Shown under the pincode (the delivery estimate at checkout). */
  afterPostalCode?: ReactNode;
  businessOpen: boolean;
  onBusinessToggle: (open: boolean) => void;
}) {
  const { field } = props;
  return (
    <>
      <FormField label="Recipient's Name" autoComplete="shipping name" {...field('name')} required maxLength={80} />
      <FormField
        label="Recipient's Phone"
        type="tel"
        autoComplete="shipping tel"
        inputMode="tel"
        {...field('phone')}
        hint="10-digit mobile: the courier calls it"
        required
        maxLength={20}
      />
      <FormField label="Address" autoComplete="street-address" {...field('address')} required maxLength={200} />
      <FormField
        label="Postal Code"
        autoComplete="postal-code"
        inputMode="numeric"
        {...field('postalCode')}
        onChange={(e) => props.onPostalCodeChange(e.target.value)}
        hint="6-digit pincode: fills in city and state"
        required
        maxLength={6}
      />
      {props.afterPostalCode}
      <FormField label="City" autoComplete="address-level2" {...field('city')} required maxLength={100} />
      <FormField label="State" autoComplete="address-level1" {...field('state')} required maxLength={100} />
      <details
        className={styles.business}
        open={props.businessOpen}
        onToggle={(e) => props.onBusinessToggle(e.currentTarget.open)}
      >
        <summary>Add GSTIN for a business invoice (optional)</summary>
        <FormField
          label="GSTIN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...field('gstin')}
          hint="15 characters, e.g. 27AAPFU0939F1ZV: the tax invoice is then made out to your business"
          maxLength={GSTIN_LENGTH + 5}
        />
        <FormField
          label="Business name"
          autoComplete="organization"
          {...field('businessName')}
          hint="The legal name registered with this GSTIN"
          maxLength={100}
        />
      </details>
    </>
  );
}
