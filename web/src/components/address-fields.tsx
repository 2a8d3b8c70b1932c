import { GSTIN_LENGTH } from '@rr/core';
import { useT } from '../i18n/index.tsx';
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
  const t = useT();
  const { field } = props;
  return (
    <>
      <FormField
        label={t('address.recipientName')}
        autoComplete="shipping name"
        {...field('name')}
        required
        maxLength={80}
      />
      <FormField
        label={t('address.recipientPhone')}
        type="tel"
        autoComplete="shipping tel"
        inputMode="tel"
        {...field('phone')}
        hint={t('address.recipientPhoneHint')}
        required
        maxLength={20}
      />
      <FormField
        label={t('address.address')}
        autoComplete="street-address"
        {...field('address')}
        required
        maxLength={200}
      />
      <FormField
        label={t('address.postalCode')}
        autoComplete="postal-code"
        inputMode="numeric"
        {...field('postalCode')}
        onChange={(e) => props.onPostalCodeChange(e.target.value)}
        hint={t('address.postalCodeHint')}
        required
        maxLength={6}
      />
      {props.afterPostalCode}
      <FormField label={t('address.city')} autoComplete="address-level2" {...field('city')} required maxLength={100} />
      <FormField
        label={t('address.state')}
        autoComplete="address-level1"
        {...field('state')}
        required
        maxLength={100}
      />
      <details
        className={styles.business}
        open={props.businessOpen}
        onToggle={(e) => props.onBusinessToggle(e.currentTarget.open)}
      >
        <summary>{t('address.business')}</summary>
        <FormField
          label={t('address.gstin')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...field('gstin')}
          hint={t('address.gstinHint')}
          maxLength={GSTIN_LENGTH + 5}
        />
        <FormField
          label={t('address.businessName')}
          autoComplete="organization"
          {...field('businessName')}
          hint={t('address.businessNameHint')}
          maxLength={100}
        />
      </details>
    </>
  );
}
