import { CATEGORIES, MAX_UPLOAD_BYTES, categoryLabel, productInput, type Product } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField, SelectField, TextAreaField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { RecordHistory } from '../../../components/record-history.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm, type SchemaForm } from '../../../components/use-schema-form.ts';
import { useCategories, useProduct, useUpdateProduct, useUploadImage } from '../../catalog/index.ts';
import { StockHistory } from '../desk/stock-history.tsx';
import styles from './admin.module.css';
import { ProductFactsFields, factValuesOf, factsInput } from './product-facts-fields.tsx';
import { ProductPackageFields, packageInputOf, packageValuesOf } from './product-package-fields.tsx';
import { AddOnsEditor } from './product-options/add-ons-editor.tsx';
import { checkOptions, sendableLists } from './product-options/options-check.ts';
import { useProductOptions, type ProductOptions } from './product-options/use-product-options.ts';
import { VariantsEditor } from './product-options/variants-editor.tsx';
import { ProductTaxFields, taxInput, taxValuesOf } from './product-tax-fields.tsx';
import { ACCEPTED_IMAGES, UploadButton } from './upload-button.tsx';

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
/** A path on this site, as productInput requires: only such paths get a preview. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~/-]+$/;
/** The picture Create Product starts with. */
const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';
type Visibility = 'draft' | 'published';

/** /admin/product/:id/edit: every field of a product, and an image upload; back to the list when saved. */
export function ProductEditPage() {
  usePageTitle('Edit Product | Rudraksha Ratna');
  const { id = '' } = useParams();
  const product = useProduct(id);
  return (
    <div className={`container page ${styles.medium}`}>
      <Link to="/admin/productlist" className="back-link">
        Go Back
      </Link>
      <h1>Edit Product</h1>
      {product.isPending ? (
        <Spinner />
      ) : product.isError ? (
        <Message variant="danger">{product.error.message}</Message>
      ) : (
        <EditProductForm key={product.data._id} product={product.data} />
      )}
      {product.isSuccess && <StockHistory productId={product.data._id} />}
      {/* Issue 29: who changed what on this product (the page is the catalog role's, as its history is). */}
      {product.isSuccess && <RecordHistory entity="product" id={product.data._id} />}
    </div>
  );
}

/** Number inputs give text; empty stays "not given" so the schema names the missing field. */
const numberOrEmpty = (text: string) => (text.trim() === '' ? undefined : Number(text));

function formValuesOf(product: Product) {
  return {
    name: product.name,
    price: String(product.price),
    mrp: product.mrp === null ? '' : String(product.mrp),
    image: product.image,
    brand: product.brand,
    countInStock: String(product.countInStock),
    category: product.category as string,
    description: product.description,
    nameHi: product.nameHi,
    descriptionHi: product.descriptionHi,
    visibility: (product.isDraft ? 'draft' : 'published') as Visibility,
    ...factValuesOf(product),
    ...taxValuesOf(product),
    ...packageValuesOf(product.package),
  };
}
type EditValues = ReturnType<typeof formValuesOf>;

/**
 * The product's own price, MRP and stock to send: as typed, or, when it has variants, as they set them
 * (the server does the same); the saved ones while a variant's figures are not right yet, so that only
 * the variant's input shows the error.
 */
function ownFigures(values: EditValues, product: Product, options: ProductOptions, gstPercent: number) {
  if (!options.followed) {
    return {
      price: numberOrEmpty(values.price),
      mrp: values.mrp.trim() === '' ? null : Number(values.mrp),
      countInStock: numberOrEmpty(values.countInStock),
    };
  }
  if (checkOptions(options.body, gstPercent).length > 0) {
    return { price: product.price, mrp: product.mrp, countInStock: product.countInStock };
  }
  return options.followed;
}

function useEditProductForm(product: Product) {
  const navigate = useNavigate();
  const update = useUpdateProduct(product._id);
  const categories = useCategories();
  const options = useProductOptions(product);
  // The MRP includes the product's GST: its own rate, else the category chosen's (the server checks it
  // again against the rates it holds).
  const categoryRate = (category: string) =>
    categories.data?.find((c) => c.slug === category)?.gstPercent ??
    (category === product.category && product.taxOverrides.gstPercent === null ? product.gstPercent : 0);
  const rateOf = (values: EditValues) =>
    values.gstPercent.trim() === '' ? categoryRate(values.category) : Number(values.gstPercent);
  const form = useSchemaForm({
    initialValues: () => formValuesOf(product),
    schema: ({ category }) => productInput(categoryRate(category)),
    toInput: (values) => ({
      _id: product._id,
      name: values.name,
      ...ownFigures(values, product, options, rateOf(values)),
      image: values.image,
      brand: values.brand,
      // So orders placed while the form was open are not undone by saving it.
      stockWas: product.countInStock,
      category: values.category,
      description: values.description,
      nameHi: values.nameHi,
      descriptionHi: values.descriptionHi,
      isDraft: values.visibility === 'draft',
      ...factsInput(values),
      ...taxInput(values),
      ...packageInputOf(values),
    }),
    onSubmit: async (body, values) => {
      const lists = sendableLists(options.body, rateOf(values), options.changed);
      if (!lists) return;
      try {
        await update.mutateAsync({ ...body, ...lists });
      } catch (error) {
        if (options.showRefusal(error)) return;
        throw error;
      }
      navigate('/admin/productlist');
    },
  });
  // The rows are checked with the rest, so that every error shows at once.
  const submit = (event: FormEvent) => {
    options.check(rateOf(form.values));
    form.submit(event);
  };
  return { form, options, submit, category: categories.data?.find((c) => c.slug === form.values.category) };
}

/** Issue 30: the Hindi pages show the English text where the Hindi one is left empty. */
const HINDI_HINT = 'Shown on the Hindi pages; left empty, they show the English one.';

function EditProductForm({ product }: { product: Product }) {
  const { form, options, submit, category } = useEditProductForm(product);
  const { field, errors, values } = form;
  const followed = options.followed;
  const invalid = Object.keys(errors).length > 0 || options.invalid;
  return (
    <div className={`card ${styles.panel}`}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField label="Name" autoComplete="off" maxLength={120} required {...field('name')} />
        <FormField
          label="Name in Hindi (हिन्दी नाम)"
          lang="hi"
          autoComplete="off"
          maxLength={120}
          hint={HINDI_HINT}
          {...field('nameHi')}
        />
        <PriceFields price={field('price')} mrp={field('mrp')} followed={followed} />
        <ImageField value={values.image} error={errors.image} onChange={(image) => form.setValue('image', image)} />
        <div className={`${styles.pair} ${styles.figures}`}>
          <FormField label="Brand" autoComplete="off" maxLength={80} {...field('brand')} />
          <StockField stock={field('countInStock')} followed={followed} />
        </div>
        <SelectField label="Category" required {...field('category')}>
          <option value="">Select Category</option>
          {CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {categoryLabel(name)}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Description" rows={6} maxLength={5000} {...field('description')} />
        <TextAreaField
          label="Description in Hindi"
          lang="hi"
          rows={6}
          maxLength={5000}
          hint={HINDI_HINT}
          {...field('descriptionHi')}
        />
        <ProductTaxFields form={form} category={category} />
        <ProductFactsFields form={form} />
        <ProductPackageFields form={form} />
        <VariantsEditor
          options={options}
          start={() => ({
            price: values.price,
            mrp: values.mrp,
            countInStock: values.countInStock,
            sizeMm: values.sizeMm,
            weightCarats: values.weightCarats,
          })}
        />
        <AddOnsEditor options={options} />
        <VisibilityField
          value={values.visibility}
          onChange={(visibility) => form.setValue('visibility', visibility)}
          withoutPicture={values.image.trim() === PLACEHOLDER_IMAGE}
        />
        {/* Next to the button, where a long form's user is looking when it fails. */}
        {invalid && <Message variant="danger">Please correct the fields marked above.</Message>}
        {form.error && <Message variant="danger">{form.error}</Message>}
        <Button type="submit" block busy={form.busy}>
          Update
        </Button>
      </form>
    </div>
  );
}

/**
 * The draft/published switch: a draft is in no list, search or suggestion and cannot be bought (it opens
 * by its address only). A new product starts as a draft and stays one until the admin publishes it.
 */
function VisibilityField({
  value,
  onChange,
  withoutPicture,
}: {
  value: Visibility;
  onChange: (value: Visibility) => void;
  withoutPicture: boolean;
}) {
  const choices: Array<{ value: Visibility; label: string; hint: string }> = [
    { value: 'draft', label: 'Draft', hint: 'Hidden from the shop: not listed, searched or sold.' },
    { value: 'published', label: 'Published', hint: 'In the shop: listed, searchable and for sale.' },
  ];
  return (
    <fieldset className={styles.visibility}>
      <legend>In the shop</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.choice}>
          <input
            type="radio"
            name="visibility"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            <strong>{choice.label}</strong>
            <small>{choice.hint}</small>
          </span>
        </label>
      ))}
      {value === 'published' && withoutPicture && (
        <p className={styles.warning} role="status">
          This product has no picture yet: the shop will show a placeholder. Upload one before publishing.
        </p>
      )}
    </fieldset>
  );
}

/** The image path, its preview, and an upload that fills the path in. */
function ImageField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (image: string) => void;
}) {
  const upload = useUploadImage();
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const showPreview = SITE_PATH.test(value.trim()) && brokenPreview !== value.trim();

  return (
    <div className={styles.imageField}>
      <FormField
        label="Image"
        autoComplete="off"
        maxLength={300}
        required
        hint="A picture on this site, such as /uploads/bead.jpg; uploading fills it in."
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
      <div className={styles.imageRow}>
        {showPreview && (
          <img
            src={value.trim()}
            alt="Preview of the product image"
            width={88}
            height={88}
            className={styles.preview}
            onError={() => setBrokenPreview(value.trim())}
          />
        )}
        <UploadButton
          label="Upload Image"
          accept={ACCEPTED_IMAGES}
          maxBytes={MAX_UPLOAD_BYTES}
          note={`JPEG, PNG or WebP, at most ${MAX_UPLOAD_MB} MB.`}
          tooBigMessage={`The image must be at most ${MAX_UPLOAD_MB} MB`}
          upload={upload}
          onUploaded={(reply) => onChange(reply.image)}
        />
      </div>
      {upload.isSuccess && <Message variant="success">{upload.data.message}</Message>}
    </div>
  );
}

type FieldProps = ReturnType<SchemaForm<Record<'price' | 'mrp' | 'countInStock', string>>['field']>;
type Followed = ProductOptions['followed'];

/** A figure the variants set: shown as they set it, and not editable here. */
const followedProps = (figure: number | null | undefined, hint: string) => ({
  value: figure == null ? '' : String(figure),
  readOnly: true,
  hint,
});

/**
 * Price before GST and the MRP (which includes GST), side by side. With variants, both are the default
 * variant's: shown read-only, as the shop lists them, and edited in the variant.
 */
function PriceFields({ price, mrp, followed }: { price: FieldProps; mrp: FieldProps; followed: Followed }) {
  return (
    <div className={`${styles.pair} ${styles.figures}`}>
      <FormField
        label="Price"
        type="number"
        inputMode="decimal"
        step={0.01}
        min={0.01}
        required
        hint="In rupees, before GST (the product's rate is added at checkout)."
        {...price}
        {...(followed && followedProps(followed.price, "The default variant's price: set it under Variants."))}
      />
      <FormField
        label="MRP"
        type="number"
        inputMode="decimal"
        step={0.01}
        min={0.01}
        hint="Leave empty for no struck-through price."
        {...mrp}
        {...(followed && followedProps(followed.mrp, "The default variant's MRP: set it under Variants."))}
      />
    </div>
  );
}

/** The stock; with variants, the sum of theirs (each sold from its own), shown read-only. */
function StockField({ stock, followed }: { stock: FieldProps; followed: Followed }) {
  return (
    <FormField
      label="Count In Stock"
      type="number"
      inputMode="numeric"
      step={1}
      min={0}
      required
      {...stock}
      {...(followed && followedProps(followed.countInStock, "The variants' stock added up: set it under Variants."))}
    />
  );
}
