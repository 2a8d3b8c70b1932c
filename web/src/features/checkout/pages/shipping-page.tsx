import { MAX_SAVED_ADDRESSES, PINCODE_PATTERN, shippingAddressInput, type SavedAddress } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { AddressFields } from '../../../components/address-fields.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFocusFirstError } from '../../../components/use-focus-first-error.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { usePincodeFill } from '../../../components/use-pincode-fill.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useCreateAddress, useSavedAddresses, useUserInfo } from '../../account/index.ts';
import { shippingAddressStore, useShippingAddress } from '../checkout-store.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { DeliveryEstimate } from '../components/delivery-estimate.tsx';
import { NEW_ADDRESS, SavedAddressChoice } from '../components/saved-address-choice.tsx';
import styles from './checkout.module.css';

/** The address this browser last shipped to (SPEC §3: kept in localStorage), if any. */
type LocalAddress = ReturnType<typeof useShippingAddress>;
const SAVED_FIELDS = ['address', 'city', 'postalCode', 'state', 'gstin', 'businessName'] as const;

/** The form's first values: the address kept in this browser; the courier calls the account holder unless it is a gift. */
function initialValues(saved: LocalAddress, user: ReturnType<typeof useUserInfo>) {
  const kept = Object.fromEntries(SAVED_FIELDS.map((key) => [key, saved?.[key] ?? ''])) as Record<
    (typeof SAVED_FIELDS)[number],
    string
  >;
  return { name: saved?.name ?? user?.name ?? '', phone: saved?.phone ?? user?.phone ?? '', ...kept };
}

export function ShippingPage() {
  const t = useT();
  usePageTitle(t('checkout.shippingTitle'));
  const user = useUserInfo();
  // Issue 28: a signed-in customer's saved addresses; without any (or when they cannot be read) the form.
  const saved = useSavedAddresses({ enabled: Boolean(user) });
  return (
    <div className={`container page ${styles.narrow}`}>
      <CheckoutSteps current={2} />
      <h1>{t('checkout.shipping')}</h1>
      {saved.isLoading ? (
        <Spinner label={t('checkout.loadingAddresses')} />
      ) : (
        <ShippingChoice saved={saved.data ?? []} />
      )}
    </div>
  );
}

const sameAddress = (saved: SavedAddress, local: NonNullable<LocalAddress>) =>
  SAME_FIELDS.every((key) => (saved[key] ?? '') === (local[key] ?? ''));
const SAME_FIELDS = ['name', 'phone', 'address', 'city', 'postalCode', 'state', 'gstin', 'businessName'] as const;

/** The address this browser last shipped to when it is a saved one, else a new one if it has one, else the default. */
function initialChoice(saved: SavedAddress[], local: LocalAddress): string {
  const first = saved[0];
  if (!first) return NEW_ADDRESS;
  const match = local ? saved.find((address) => sameAddress(address, local)) : undefined;
  if (match) return match._id;
  return local ? NEW_ADDRESS : first._id;
}

/** What the rest of the checkout reads: a saved address as the shipping address (with a business's GSTIN). */
function toShippingAddress({ name, phone, address, city, postalCode, state, gstin, businessName }: SavedAddress) {
  return { name, phone, address, city, postalCode, state, ...(gstin ? { gstin, businessName } : {}) };
}

function ShippingChoice({ saved }: { saved: SavedAddress[] }) {
  const t = useT();
  const local = useShippingAddress();
  const navigate = useNavigate();
  const [choice, setChoice] = useState(() => initialChoice(saved, local));
  const picked = saved.find((address) => address._id === choice);
  // A new address starts from what this browser last sent, unless that is one of the saved ones.
  const start = local && !saved.some((address) => sameAddress(address, local)) ? local : null;
  const form = (
    <ShippingForm start={start} offerToSave={saved.length < MAX_SAVED_ADDRESSES} saveByDefault={saved.length === 0} />
  );
  if (saved.length === 0) return form;
  return (
    <>
      <SavedAddressChoice
        addresses={saved}
        value={picked ? picked._id : NEW_ADDRESS}
        onChange={setChoice}
        chosenNote={picked && <DeliveryEstimate postalCode={picked.postalCode} />}
      />
      {picked ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            shippingAddressStore.set(toShippingAddress(picked));
            navigate('/payment');
          }}
        >
          <p className={styles.note}>
            {t('checkout.indiaOnly')} <Link to="/profile/addresses">{t('checkout.manageAddresses')}</Link>
          </p>
          <Button type="submit" block>
            {t('checkout.continue')}
          </Button>
        </form>
      ) : (
        form
      )}
    </>
  );
}

/** The shipping form over the shared schema; `saving` also saves the address to the account first. */
function useShippingForm(start: LocalAddress, saving: boolean) {
  const t = useT();
  const user = useUserInfo();
  const navigate = useNavigate();
  const saveAddress = useCreateAddress();
  return useSchemaForm({
    initialValues: () => initialValues(start, user),
    schema: shippingAddressInput,
    // A business invoice's fields left empty are not sent (the API takes them only when given).
    toInput: ({ gstin, businessName, ...address }) => ({
      ...address,
      ...(gstin.trim() ? { gstin } : {}),
      ...(businessName.trim() ? { businessName } : {}),
    }),
    // Name and phone are optional in the API (SPEC clients send none); this form always asks for both.
    // The other fields' checks are the schema's, said here in the page's language (issue 32: an empty
    // pincode says it is required, not that it is not 6 digits).
    check: ({ name, phone, address, postalCode, city, state }) => ({
      name: name.trim() ? undefined : t('address.nameRequired'),
      phone: phone.trim() ? undefined : t('address.phoneRequired'),
      address: address.trim() ? undefined : t('address.addressRequired'),
      postalCode: !postalCode.trim()
        ? t('address.postalCodeRequired')
        : PINCODE_PATTERN.test(postalCode.trim())
          ? undefined
          : t('address.postalCodeInvalid'),
      city: city.trim() ? undefined : t('address.cityRequired'),
      state: state.trim() ? undefined : t('address.stateRequired'),
    }),
    onSubmit: async (address) => {
      // Saved only when the customer asks, and before moving on, so that a refusal shows here.
      if (saving) await saveAddress.mutateAsync({ ...address, name: address.name ?? '', phone: address.phone ?? '' });
      shippingAddressStore.set(address);
      navigate('/payment');
    },
  });
}

/** The shipping address typed in; a signed-in customer may also save it to the account (issue 28). */
function ShippingForm({
  start,
  offerToSave,
  saveByDefault,
}: {
  start: LocalAddress;
  offerToSave: boolean;
  saveByDefault: boolean;
}) {
  const t = useT();
  const user = useUserInfo();
  const [save, setSave] = useState(saveByDefault);
  const form = useShippingForm(start, Boolean(user) && offerToSave && save);
  // The business invoice's fields stay folded away unless in use (or holding an error to fix).
  const [businessOpen, setBusinessOpen] = useState(Boolean(start?.gstin || start?.businessName));
  const businessShown = businessOpen || Boolean(form.errors.gstin || form.errors.businessName);
  const changePostalCode = usePincodeFill(form, start?.postalCode ?? '');
  // Issue 32: sent with errors, the form goes to the first field to fix.
  const focus = useFocusFirstError(form.errors);

  return (
    <form
      ref={focus.formRef}
      onSubmit={(event) => {
        focus.sent();
        form.submit(event);
      }}
      noValidate
      className={styles.form}
    >
      <AddressFields
        field={form.field}
        onPostalCodeChange={changePostalCode}
        afterPostalCode={<DeliveryEstimate postalCode={form.values.postalCode} />}
        businessOpen={businessShown}
        onBusinessToggle={setBusinessOpen}
      />
      {user && offerToSave && (
        <label className={styles.optIn}>
          <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} />
          {t('checkout.saveAddress')}
        </label>
      )}
      {form.error && <Message variant="danger">{form.error}</Message>}
      <p className={styles.note}>{t('checkout.indiaOnly')}</p>
      <Button type="submit" block busy={form.busy} busyLabel={t('checkout.saving')}>
        {t('checkout.continue')}
      </Button>
    </form>
  );
}
