import { productUpdate, type Product, type VariantReply } from '@rr/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { optionsBody } from './product-options/options-body.ts';
import { checkOptions, errorsAt } from './product-options/options-check.ts';
import { optionsReducer } from './product-options/options-reducer.ts';
import { optionsStateOf } from './product-options/rows.ts';
import {
  PACKAGE_HINT,
  ProductPackageFields,
  packageInputOf,
  packageValuesOf,
  type PackageValues,
} from './product-package-fields.tsx';

function PackageForm({ initial, send }: { initial: PackageValues; send: (body: unknown) => void }) {
  const form = useSchemaForm({
    initialValues: initial,
    schema: productUpdate,
    toInput: packageInputOf,
    onSubmit: (body) => send(body),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <ProductPackageFields form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

const NONE = { weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null };

describe('ProductPackageFields', () => {
  it("shows the saved parcel under Shipping package with the default package's hint, and sends empty figures as null", async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(
      <PackageForm
        initial={packageValuesOf({ weightGrams: 150, lengthCm: 15, breadthCm: 12, heightCm: 5 })}
        send={send}
      />,
    );
    expect(screen.getByRole('group', { name: 'Shipping package' })).toBeTruthy();
    expect(screen.getByText(new RegExp(PACKAGE_HINT.replace(/[()>]/g, '.')))).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Weight (g)').value).toBe('150');
    expect(screen.getByLabelText<HTMLInputElement>('Breadth (cm)').value).toBe('12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenLastCalledWith({ package: { weightGrams: 150, lengthCm: 15, breadthCm: 12, heightCm: 5 } });

    await user.clear(screen.getByLabelText('Length (cm)'));
    await user.clear(screen.getByLabelText('Weight (g)'));
    await user.type(screen.getByLabelText('Weight (g)'), '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenLastCalledWith({
      package: { weightGrams: 2000, lengthCm: null, breadthCm: 12, heightCm: 5 },
    });
  });

  it('names a weight out of range under the weight, and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<PackageForm initial={packageValuesOf(NONE)} send={send} />);
    await user.type(screen.getByLabelText('Weight (g)'), '100001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).not.toHaveBeenCalled();
    const weight = screen.getByLabelText('Weight (g)');
    expect(weight.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Weight must be at most 100000')).toBeTruthy();
  });
});

describe('a variant row’s packed weight', () => {
  const variant = (id: string, weightGrams: number | null): VariantReply => ({
    _id: id,
    name: `${id.slice(-2)} mm`,
    sku: `NP5-${id.slice(-2)}`,
    price: 1000,
    mrp: null,
    countInStock: 1,
    image: '/images/bead.jpg',
    images: [],
    facts: { sizeMm: null, weightCarats: null, weightRatti: null },
    package: { ...NONE, weightGrams },
    isDefault: false,
  });
  const V18 = '00000000-0000-4000-8000-000000000018';
  const V20 = '00000000-0000-4000-8000-000000000020';
  const product = {
    image: '/images/bead.jpg',
    variants: [variant(V18, null), variant(V20, 300)],
    addOns: [],
  } as Pick<Product, 'image' | 'variants' | 'addOns'>;

  it('is sent when set or cleared, left out when never set, and a bad one is named on its input', () => {
    let state = optionsStateOf(product);
    expect(state.variants.map((v) => v.packageWeightGrams)).toEqual(['', '300']);
    expect(optionsBody(state).variants.map((v) => v.package)).toEqual([undefined, { weightGrams: 300 }]);
    state = optionsReducer(state, { type: 'editVariant', key: V18, patch: { packageWeightGrams: '120' } });
    state = optionsReducer(state, { type: 'editVariant', key: V20, patch: { packageWeightGrams: '' } });
    expect(optionsBody(state).variants.map((v) => v.package)).toEqual([{ weightGrams: 120 }, { weightGrams: null }]);

    state = optionsReducer(state, { type: 'editVariant', key: V18, patch: { packageWeightGrams: '0' } });
    expect(errorsAt(checkOptions(optionsBody(state), 3), state)).toEqual({
      [`${V18}.packageWeightGrams`]: 'Packed weight (g) must be at least 1',
    });
  });
});
