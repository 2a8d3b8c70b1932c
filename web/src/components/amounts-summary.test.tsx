import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hi } from '../i18n/hi.ts';
import { LanguageProvider } from '../i18n/index.tsx';
import { AmountsSummary } from './amounts-summary.tsx';

const amounts = { itemsPrice: 50, shippingPrice: 100, taxPrice: 27, totalPrice: 177 };

describe('AmountsSummary', () => {
  it('says the GST on shipping is in the Tax line, and splits GST within a state', () => {
    render(
      <AmountsSummary
        amounts={{
          ...amounts,
          shippingGst: { gstPercent: 18, taxPrice: 18 },
          gst: { supply: 'intra-state', cgst: 13.5, sgst: 13.5, igst: 0 },
        }}
      />,
    );
    expect(
      screen.getByText('Includes ₹18.00 on shipping (18%, as the goods) · CGST ₹13.50 + SGST ₹13.50'),
    ).toBeTruthy();
  });

  it('shows IGST across states, and no note when shipping is free and the state unknown', () => {
    const { unmount } = render(
      <AmountsSummary
        amounts={{
          ...amounts,
          shippingGst: { gstPercent: 18, taxPrice: 0 },
          gst: { supply: 'inter-state', cgst: 0, sgst: 0, igst: 27 },
        }}
      />,
    );
    expect(screen.getByText('IGST ₹27.00')).toBeTruthy();
    unmount();
    render(<AmountsSummary amounts={{ ...amounts, shippingGst: { gstPercent: 18, taxPrice: 0 }, gst: null }} />);
    expect(screen.queryByText(/IGST|CGST|on shipping/)).toBeNull();
  });

  it('lists the online discount right after the items, before shipping and tax', () => {
    render(<AmountsSummary amounts={{ ...amounts, discountPrice: 5 }} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Items', 'Online discount (10%)', 'Shipping', 'Tax (GST)', 'Total']);
  });

  it('lists each discount by its label (issue 26), with what they save together', () => {
    const adjustments = [
      { kind: 'sale', label: 'Diwali Sale (20% off)', amount: 200 },
      { kind: 'coupon', label: 'Code DIWALI10', amount: 80.1 },
      { kind: 'online_discount', label: 'Online payment discount (10%)', amount: 0 },
    ];
    render(<AmountsSummary amounts={{ ...amounts, discountPrice: 280.1, adjustments }} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Items', 'Diwali Sale (20% off)', 'Code DIWALI10', 'Shipping', 'Tax (GST)', 'Total']);
    expect(screen.getByTestId('order-savings').textContent).toBe('You save ₹280.10');
  });

  it('names each discount in Hindi from its terms on a Hindi page, its label where it has none (issue 30)', () => {
    const adjustments = [
      { kind: 'sale', label: 'Diwali Sale (20% off)', amount: 200, terms: { name: 'Diwali Sale', percentOff: 20 } },
      { kind: 'coupon', label: 'Coupon DIWALI10 (10% off)', amount: 80, terms: { code: 'DIWALI10', percentOff: 10 } },
      { kind: 'coupon', label: 'Coupon SHIV250 (₹250 off)', amount: 250, terms: { code: 'SHIV250', amountOff: 250 } },
      { kind: 'online_discount', label: 'Online payment discount (5%)', amount: 30, terms: { percentOff: 5 } },
      { kind: 'coupon', label: 'Coupon OLD5 (5% off)', amount: 5 },
    ];
    render(
      <LanguageProvider language="hi" texts={hi}>
        <AmountsSummary amounts={{ ...amounts, adjustments }} />
      </LanguageProvider>,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms.slice(1, 6)).toEqual([
      'Diwali Sale (20% छूट)',
      'कूपन DIWALI10 (10% छूट)',
      'कूपन SHIV250 (₹250 छूट)',
      'ऑनलाइन छूट (5%)',
      'Coupon OLD5 (5% off)',
    ]);
  });

  it('names a sale by its Hindi name on a Hindi page when it has one, its English label on an English page', () => {
    const adjustments = [
      {
        kind: 'sale',
        label: 'Diwali Sale (20% off)',
        amount: 200,
        terms: { name: 'Diwali Sale', nameHi: 'दिवाली सेल', percentOff: 20 },
      },
    ];
    const hindi = render(
      <LanguageProvider language="hi" texts={hi}>
        <AmountsSummary amounts={{ ...amounts, adjustments }} />
      </LanguageProvider>,
    );
    expect(screen.getAllByRole('term')[1]?.textContent).toBe('दिवाली सेल (20% छूट)');
    hindi.unmount();
    render(<AmountsSummary amounts={{ ...amounts, adjustments }} />);
    expect(screen.getAllByRole('term')[1]?.textContent).toBe('Diwali Sale (20% off)');
  });

  it('keeps the quote’s own label for a sale or code on an English page, terms or not', () => {
    const adjustments = [
      { kind: 'coupon', label: 'Coupon SHIV250 (₹250 off)', amount: 250, terms: { code: 'SHIV250', amountOff: 250 } },
    ];
    render(<AmountsSummary amounts={{ ...amounts, adjustments }} />);
    expect(screen.getByText('Coupon SHIV250 (₹250 off)')).toBeTruthy();
  });

  it('names the online discount as SPEC does, whatever the quote calls it', () => {
    const adjustments = [{ kind: 'online_discount', label: 'Online payment discount (10%)', amount: 5 }];
    render(<AmountsSummary amounts={{ ...amounts, discountPrice: 5, adjustments }} />);
    expect(screen.getByText('Online discount (10%)')).toBeTruthy();
  });

  it('keeps the one online discount of an order priced before adjustments were listed, without You save', () => {
    render(<AmountsSummary amounts={{ ...amounts, discountPrice: 5, adjustments: [] }} />);
    expect(screen.getByText('Online discount (10%)')).toBeTruthy();
    expect(screen.queryByTestId('order-savings')).toBeNull();
  });

  it('shows store credit paid towards the total after it, and what is left (issue 28)', () => {
    const storeCredit = { applied: 77, label: 'Paid with store credit', due: 100, dueLabel: 'To pay on delivery' };
    render(<AmountsSummary amounts={{ ...amounts, storeCredit }} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Items', 'Shipping', 'Tax (GST)', 'Total', 'Paid with store credit', 'To pay on delivery']);
    expect(screen.getByTestId('store-credit-applied').textContent).toBe('−₹77.00');
    expect(screen.getByTestId('amount-due').textContent).toBe('₹100.00');
  });

  it('says nothing of store credit when none was used', () => {
    render(
      <AmountsSummary
        amounts={{ ...amounts, storeCredit: { applied: 0, label: 'Store credit', due: 177, dueLabel: 'Due' } }}
      />,
    );
    expect(screen.queryByText('Store credit')).toBeNull();
    expect(screen.queryByTestId('amount-due')).toBeNull();
  });
});
