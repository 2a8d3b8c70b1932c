import { GST_PERCENTS, UQCS, categoryUpdate, type CategoryGst } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { FormField, SelectField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useCategories, useUpdateCategory } from '../../catalog/index.ts';
import styles from './admin.module.css';
import { AccountantNote } from './product-tax-fields.tsx';

/** /admin/categories: each category's HSN code, GST rate and UQC; orders placed before keep theirs. */
export function CategoryListPage() {
  usePageTitle('Categories & GST | Rudraksha Ratna');
  const categories = useCategories();
  return (
    <div className={`container page ${styles.medium}`}>
      <h1>Categories &amp; GST</h1>
      <p className={styles.lead}>
        Prices are before GST. A new rate applies to orders placed from now on and to the price with GST the shop
        compares with the MRP; orders already placed keep the rate they were bought at. A product may have its own HSN
        code, rate and unit (on its edit page); these are the ones of its category's products without.
      </p>
      <AccountantNote />
      {categories.isPending ? (
        <Spinner />
      ) : categories.isError ? (
        <Message variant="danger">{categories.error.message}</Message>
      ) : (
        categories.data.map((category) => <CategoryForm key={category.slug} category={category} />)
      )}
    </div>
  );
}

function CategoryForm({ category }: { category: CategoryGst }) {
  const update = useUpdateCategory();
  const form = useSchemaForm({
    initialValues: { hsnCode: category.hsnCode, gstPercent: String(category.gstPercent), uqc: category.uqc as string },
    schema: categoryUpdate,
    onSubmit: (body) => update.mutateAsync({ slug: category.slug, ...body }),
  });

  const headingId = `category-${category.slug}`;
  return (
    <section className={`card ${styles.panel} ${styles.category}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{category.name}</h2>
      {form.error && <Message variant="danger">{form.error}</Message>}
      {update.isSuccess && (
        <Message variant="success">
          Saved: {category.name} is taxed at {update.data.gstPercent}%.
        </Message>
      )}
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <div className={styles.pair}>
          <FormField
            label="HSN code"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            hint="4, 6 or 8 digits, printed on tax invoices."
            {...form.field('hsnCode')}
          />
          <SelectField label="GST rate" {...form.field('gstPercent')}>
            {GST_PERCENTS.map((percent) => (
              <option key={percent} value={String(percent)}>
                {percent}%
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField label="Unit on invoices (UQC)" {...form.field('uqc')}>
          {UQCS.map((uqc) => (
            <option key={uqc} value={uqc}>
              {uqc}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={form.busy} busyLabel="Saving…">
          Save {category.name}
        </Button>
      </form>
    </section>
  );
}
