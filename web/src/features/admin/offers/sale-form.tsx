import { MAX_OFFER_PERCENT, SALE_BANNER_MAX, SALE_NAME_MAX, saleInput, type Sale } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { FormField, type FormFieldProps } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useSaveOffer } from './offers-api.ts';
import { endAfterStart, istInputValue, joinList, listOf } from './offer-text.ts';
import { CheckField, DateFields, FormProblems } from './offer-fields.tsx';
import { ScopeFields } from './scope-fields.tsx';
import styles from './offers.module.css';

const NEW_SALE = {
  name: '',
  nameHi: '',
  percentOff: '',
  categories: '',
  products: '',
  startsAt: '',
  endsAt: '',
  banner: '',
  bannerHi: '',
  isActive: true,
};

function saleValuesOf(sale: Sale | undefined): typeof NEW_SALE {
  if (!sale) return NEW_SALE;
  return {
    name: sale.name,
    nameHi: sale.nameHi,
    percentOff: String(sale.percentOff),
    categories: joinList(sale.categories),
    products: joinList(sale.products),
    startsAt: istInputValue(sale.startsAt),
    endsAt: istInputValue(sale.endsAt),
    banner: sale.banner,
    bannerHi: sale.bannerHi,
    isActive: sale.isActive,
  };
}
export type SaleValues = ReturnType<typeof saleValuesOf>;

export const saleBodyOf = (values: SaleValues) => ({
  name: values.name,
  nameHi: values.nameHi,
  percentOff: values.percentOff.trim(),
  categories: listOf(values.categories),
  products: listOf(values.products),
  startsAt: values.startsAt,
  endsAt: values.endsAt,
  banner: values.banner,
  bannerHi: values.bannerHi,
  isActive: values.isActive,
});

function checkSale(values: SaleValues) {
  return {
    percentOff: values.percentOff.trim() === '' ? 'Enter the percent off' : undefined,
    startsAt: values.startsAt === '' ? 'Choose when the sale starts' : undefined,
    endsAt: values.endsAt === '' ? 'Choose when the sale ends' : endAfterStart(values.startsAt, values.endsAt),
    categories:
      values.categories === '' && values.products === '' ? 'Choose at least one category or product' : undefined,
  };
}

type TextFieldProps = Omit<FormFieldProps, 'label'>;

/** The sale's name and (issue 30) its Hindi name beside it, like a product's. */
function NameFields({ name, nameHi }: { name: TextFieldProps; nameHi: TextFieldProps }) {
  return (
    <div className={styles.pair}>
      <FormField
        autoComplete="off"
        maxLength={SALE_NAME_MAX}
        hint="On cards, product pages and invoices: Diwali Sale."
        {...name}
        label="Name"
      />
      <FormField
        lang="hi"
        autoComplete="off"
        maxLength={SALE_NAME_MAX}
        hint="On Hindi pages and messages: दिवाली सेल. Empty: the English name."
        {...nameHi}
        label="Name in Hindi (हिन्दी नाम)"
      />
    </div>
  );
}

/** The home page's banner text, and (issue 30) the Hindi home page's. */
function BannerFields({ banner, bannerHi }: { banner: TextFieldProps; bannerHi: TextFieldProps }) {
  return (
    <>
      <FormField
        autoComplete="off"
        maxLength={SALE_BANNER_MAX}
        hint="On the home page while it runs. Empty: the name and the percent."
        {...banner}
        label="Banner text"
      />
      <FormField
        lang="hi"
        autoComplete="off"
        maxLength={SALE_BANNER_MAX}
        hint="On the Hindi home page. Empty: the English banner text, or the Hindi name and the percent."
        {...bannerHi}
        label="Banner text in Hindi"
      />
    </>
  );
}

/** Create (no sale) or edit a scheduled sale; `onSaved` runs once the server has it. */
export function SaleForm({ sale, onSaved }: { sale?: Sale; onSaved: (saved: Sale) => void }) {
  const save = useSaveOffer('sales', sale?._id);
  const form = useSchemaForm({
    initialValues: () => saleValuesOf(sale),
    schema: saleInput,
    toInput: saleBodyOf,
    check: checkSale,
    onSubmit: async (body) => onSaved(await save.mutateAsync(body)),
  });
  const { values, errors, setValue } = form;
  return (
    <form className={`card ${styles.form}`} onSubmit={form.submit} noValidate>
      {form.error && <Message variant="danger">{form.error}</Message>}
      <NameFields name={form.field('name')} nameHi={form.field('nameHi')} />
      <div className={styles.pair}>
        <FormField
          label="Percent off"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_OFFER_PERCENT}
          step={1}
          hint={`1 to ${MAX_OFFER_PERCENT}, off each unit's price.`}
          {...form.field('percentOff')}
        />
      </div>
      <ScopeFields
        legend="The sale covers"
        hint="At least one category or product. Add-ons are never in a sale."
        categories={listOf(values.categories)}
        products={listOf(values.products)}
        onCategories={(slugs) => {
          setValue('categories', joinList(slugs));
          form.clearErrors('products');
        }}
        onProducts={(ids) => {
          setValue('products', joinList(ids));
          form.clearErrors('categories');
        }}
        error={errors.categories ?? errors.products}
      />
      <DateFields
        start={form.field('startsAt')}
        end={form.field('endsAt')}
        startHint="From this minute."
        endHint="Until this minute."
      />
      <BannerFields banner={form.field('banner')} bannerHi={form.field('bannerHi')} />
      <CheckField
        label="Active"
        hint="Off pauses the sale: prices go back to normal until it is on again."
        checked={values.isActive}
        onChange={(on) => setValue('isActive', on)}
        error={errors.isActive}
      />
      <FormProblems errors={errors} />
      <Button type="submit" block busy={form.busy} busyLabel="Saving…">
        {sale ? 'Save sale' : 'Create sale'}
      </Button>
    </form>
  );
}
