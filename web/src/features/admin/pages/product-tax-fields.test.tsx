import { productUpdate, type CategoryGst, type Product } from '@rr/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { ACCOUNTANT_NOTE, ProductTaxFields, taxInput, taxValuesOf, type TaxValues } from './product-tax-fields.tsx';

const gems: CategoryGst = { slug: 'gems', name: 'Gems', hsnCode: '7103', gstPercent: 18, uqc: 'NOS' };
const withOverrides = (taxOverrides: Product['taxOverrides']) => ({ taxOverrides }) as Product;

function TaxForm({ initial, send }: { initial: TaxValues; send: (body: unknown) => void }) {
  const form = useSchemaForm({
    initialValues: initial,
    schema: productUpdate,
    toInput: taxInput,
    onSubmit: (body) => send(body),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <ProductTaxFields form={form} category={gems} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('ProductTaxFields', () => {
  it("shows the category's HSN code, rate and unit as the defaults, and the accountant note", () => {
    const initial = taxValuesOf(withOverrides({ hsnCode: null, gstPercent: null, uqc: null }));
    render(<TaxForm initial={initial} send={vi.fn()} />);
    expect(screen.getByRole('note').textContent).toBe(ACCOUNTANT_NOTE);
    expect(screen.getByLabelText('HSN code').getAttribute('placeholder')).toBe('7103');
    const rate = screen.getByLabelText<HTMLSelectElement>('GST rate');
    expect(rate.selectedOptions[0]!.textContent).toBe('As Gems: 18%');
    const unit = screen.getByLabelText<HTMLSelectElement>('Unit on invoices (UQC)');
    expect(unit.selectedOptions[0]!.textContent).toBe('As Gems: NOS (numbers)');
  });

  it("sends the product's own values, and empty ones as null (back to the category's)", async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const initial = taxValuesOf(withOverrides({ hsnCode: '71039100', gstPercent: 0.25, uqc: 'PRS' }));
    render(<TaxForm initial={initial} send={send} />);
    expect(screen.getByLabelText<HTMLInputElement>('HSN code').value).toBe('71039100');
    expect(screen.getByLabelText<HTMLSelectElement>('GST rate').value).toBe('0.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenLastCalledWith({ hsnCode: '71039100', gstPercent: 0.25, uqc: 'PRS' });

    await user.clear(screen.getByLabelText('HSN code'));
    await user.selectOptions(screen.getByLabelText('GST rate'), '');
    await user.selectOptions(screen.getByLabelText('Unit on invoices (UQC)'), 'SET');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenLastCalledWith({ hsnCode: null, gstPercent: null, uqc: 'SET' });
  });

  it('names a bad HSN code under its field and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<TaxForm initial={{ hsnCode: '', gstPercent: '', uqc: '' }} send={send} />);
    await user.type(screen.getByLabelText('HSN code'), '71031');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('HSN code must be 4, 6 or 8 digits')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});
