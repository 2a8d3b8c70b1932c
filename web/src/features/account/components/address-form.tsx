import { ADDRESS_LABEL_MAX, savedAddressInput, type SavedAddress, type SavedAddressInput } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { AddressFields } from '../../../components/address-fields.tsx';
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
  const t = useT();
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
      <h2 id={headingId}>{address ? t('address.editHeading') : t('address.newHeading')}</h2>
      {form.error && <Message variant="danger">{form.error}</Message>}
      <FormField
        label={t('address.label')}
        {...form.field('label')}
        hint={t('address.labelHint')}
        maxLength={ADDRESS_LABEL_MAX}
      />
      <AddressFields
        field={form.field}
        onPostalCodeChange={changePostalCode}
        businessOpen={businessShown}
        onBusinessToggle={setBusinessOpen}
      />
      <DefaultChoice form={form} isTheDefault={Boolean(address?.isDefault)} />
      <div className={styles.buttons}>
        <Button type="submit" busy={form.busy} busyLabel={t('address.saving')}>
          {t('address.save')}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {t('address.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Whether the address is the default (the default stops being one only when another is made it). */
function DefaultChoice({ form, isTheDefault }: { form: SchemaForm<Values>; isTheDefault: boolean }) {
  const t = useT();
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={form.values.isDefault}
        disabled={isTheDefault}
        onChange={(e) => form.setValue('isDefault', e.target.checked)}
      />
      {t('address.useAsDefault')}
    </label>
  );
}
