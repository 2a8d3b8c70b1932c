import { COUPON_CODE_MAX, MAX_OFFER_PERCENT, couponInput, type Coupon } from '@rr/core';
import type { ChangeEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { useSchemaForm, type SchemaForm } from '../../../components/use-schema-form.ts';
import { useSaveOffer } from './offers-api.ts';
import { endAfterStart, istInputValue, joinList, listOf, textOr } from './offer-text.ts';
import { CheckField, DateFields, FormProblems } from './offer-fields.tsx';
import { ScopeFields } from './scope-fields.tsx';
import styles from './offers.module.css';

type Kind = 'percent' | 'amount' | 'freeShipping';

const NEW_COUPON = {
  code: '',
  kind: 'percent' as Kind,
  percentOff: '',
  amountOff: '',
  minOrder: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  categories: '',
  products: '',
  combinesWithOnlineDiscount: false,
  isActive: true,
};

const numberText = (n: number | null) => (n === null ? '' : String(n));

function couponValuesOf(coupon: Coupon | undefined): typeof NEW_COUPON {
  if (!coupon) return NEW_COUPON;
  return {
    code: coupon.code,
    kind: coupon.percentOff !== null ? 'percent' : coupon.amountOff !== null ? 'amount' : 'freeShipping',
    percentOff: numberText(coupon.percentOff),
    amountOff: numberText(coupon.amountOff),
    minOrder: coupon.minOrder > 0 ? String(coupon.minOrder) : '',
    startsAt: istInputValue(coupon.startsAt),
    endsAt: istInputValue(coupon.endsAt),
    usageLimit: numberText(coupon.usageLimit),
    perCustomerLimit: numberText(coupon.perCustomerLimit),
    categories: joinList(coupon.categories),
    products: joinList(coupon.products),
    firstOrderOnly: coupon.firstOrderOnly,
    combinesWithOnlineDiscount: coupon.combinesWithOnlineDiscount,
    isActive: coupon.isActive,
  };
}
export type CouponValues = ReturnType<typeof couponValuesOf>;

/** The body POST and PUT take: exactly one kind of discount, empty limits and dates as none. */
export function couponBodyOf(values: CouponValues) {
  return {
    code: values.code,
    percentOff: values.kind === 'percent' ? values.percentOff.trim() : null,
    amountOff: values.kind === 'amount' ? values.amountOff.trim() : null,
    freeShipping: values.kind === 'freeShipping',
    minOrder: textOr(values.minOrder, 0),
    startsAt: textOr(values.startsAt, null),
    endsAt: textOr(values.endsAt, null),
    usageLimit: textOr(values.usageLimit, null),
    perCustomerLimit: textOr(values.perCustomerLimit, null),
    firstOrderOnly: values.firstOrderOnly,
    categories: listOf(values.categories),
    products: listOf(values.products),
    combinesWithOnlineDiscount: values.combinesWithOnlineDiscount,
    isActive: values.isActive,
  };
}

function checkCoupon(values: CouponValues) {
  return {
    percentOff: values.kind === 'percent' && values.percentOff.trim() === '' ? 'Enter the percent off' : undefined,
    amountOff: values.kind === 'amount' && values.amountOff.trim() === '' ? 'Enter the amount off' : undefined,
    endsAt: endAfterStart(values.startsAt, values.endsAt),
  };
}

/** Create (no coupon) or edit a coupon; `onSaved` runs once the server has it. */
export function CouponForm({ coupon, onSaved }: { coupon?: Coupon; onSaved: (saved: Coupon) => void }) {
  const save = useSaveOffer('coupons', coupon?._id);
  const form = useSchemaForm({
    initialValues: () => couponValuesOf(coupon),
    schema: couponInput,
    toInput: couponBodyOf,
    check: checkCoupon,
    onSubmit: async (body) => onSaved(await save.mutateAsync(body)),
  });
  const { values, errors, setValue } = form;
  return (
    <form className={`card ${styles.form}`} onSubmit={form.submit} noValidate>
      {form.error && <Message variant="danger">{form.error}</Message>}
      <CodeField form={form} />
      <KindFields form={form} />
      <FormField
        label="Minimum order (₹)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        hint="What the lines it covers must come to, before GST. Empty: no minimum."
        {...form.field('minOrder')}
      />
      <DateFields
        start={form.field('startsAt')}
        end={form.field('endsAt')}
        startHint="Empty: from now."
        endHint="Empty: never ends."
      />
      <LimitFields form={form} />
      <ScopeFields
        legend="The code covers"
        hint="Nothing chosen: the whole cart. Otherwise only the lines in these categories or of these products."
        categories={listOf(values.categories)}
        products={listOf(values.products)}
        onCategories={(slugs) => setValue('categories', joinList(slugs))}
        onProducts={(ids) => setValue('products', joinList(ids))}
        error={errors.categories ?? errors.products}
      />
      <CheckField
        label="Combines with the online payment discount"
        hint="Off: the customer gets the better of this code and the 10% online discount. On: both."
        checked={values.combinesWithOnlineDiscount}
        onChange={(on) => setValue('combinesWithOnlineDiscount', on)}
        error={errors.combinesWithOnlineDiscount}
      />
      <CheckField
        label="Active"
        hint="Off pauses the code: customers are told it is not valid."
        checked={values.isActive}
        onChange={(on) => setValue('isActive', on)}
        error={errors.isActive}
      />
      <FormProblems errors={errors} />
      <Button type="submit" block busy={form.busy} busyLabel="Saving…">
        {coupon ? 'Save coupon' : 'Create coupon'}
      </Button>
    </form>
  );
}

type CouponForm = SchemaForm<CouponValues>;

/** Capitals as the owner types them (the caret stays where it was). */
function CodeField({ form }: { form: CouponForm }) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { selectionStart, selectionEnd } = input;
    input.value = input.value.toUpperCase();
    input.setSelectionRange(selectionStart, selectionEnd);
    form.setValue('code', input.value);
  };
  return (
    <FormField
      label="Code"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={COUPON_CODE_MAX}
      hint="3 to 30 letters, digits and hyphens, e.g. DIWALI-25. Customers may type it in any case."
      {...form.field('code')}
      onChange={onChange}
    />
  );
}

const KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'percent', label: 'Percentage' },
  { value: 'amount', label: 'Fixed amount' },
  { value: 'freeShipping', label: 'Free shipping' },
];

function KindFields({ form }: { form: CouponForm }) {
  const kind = form.values.kind;
  return (
    <fieldset className={styles.group}>
      <legend>The code gives</legend>
      <div className={styles.kinds}>
        {KINDS.map((choice) => (
          <label key={choice.value} className={styles.kind}>
            <input
              type="radio"
              name="kind"
              value={choice.value}
              checked={kind === choice.value}
              onChange={() => form.setValue('kind', choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {kind === 'percent' && (
        <FormField
          label="Percent off"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_OFFER_PERCENT}
          step={1}
          hint={`1 to ${MAX_OFFER_PERCENT}, off the lines it covers before GST.`}
          {...form.field('percentOff')}
        />
      )}
      {kind === 'amount' && (
        <FormField
          label="Amount off (₹)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          hint="Rupees off the lines it covers, before GST (never more than they cost)."
          {...form.field('amountOff')}
        />
      )}
      {kind === 'freeShipping' && <p className={styles.note}>The order ships free (its shipping charge is waived).</p>}
    </fieldset>
  );
}

function LimitFields({ form }: { form: CouponForm }) {
  return (
    <fieldset className={styles.group}>
      <legend>Who may use it, how often</legend>
      <div className={styles.pair}>
        <FormField
          label="Uses in all"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Empty: no limit."
          {...form.field('usageLimit')}
        />
        <FormField
          label="Uses per customer"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Empty: no limit."
          {...form.field('perCustomerLimit')}
        />
      </div>
      <CheckField
        label="First order only"
        hint="Only for a customer who has not ordered before."
        checked={form.values.firstOrderOnly}
        onChange={(on) => form.setValue('firstOrderOnly', on)}
        error={form.errors.firstOrderOnly}
      />
    </fieldset>
  );
}
