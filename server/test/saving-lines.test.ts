import { describe, expect, it } from 'vitest';
import { savingLines } from '../src/modules/messages/templates.ts';

// Issue 30: an order keeps its sale's terms on its lines; the e-mail says the sale in the customer's language.
describe('the saving lines of an order e-mail', () => {
  const savings = {
    coupon: { code: 'DIWALI10', amountPaise: 25984 },
    sales: [
      {
        label: 'Diwali Sale (20% off)',
        amountPaise: 39960,
        terms: { name: 'Diwali Sale', percentOff: 20 },
      },
    ],
  };

  it('names a sale with its percent in Hindi for a Hindi customer', () => {
    expect(savingLines(savings, 'hi')).toEqual([
      'Diwali Sale (20% की छूट) में आपने ₹399.60 बचाए।',
      'DIWALI10 से आपने ₹259.84 बचाए।',
    ]);
  });

  it('says the same in English as the label did', () => {
    expect(savingLines(savings, 'en')).toEqual([
      'You saved ₹399.60 in the Diwali Sale (20% off).',
      'You saved ₹259.84 with DIWALI10.',
    ]);
  });

  it('names the sale by its Hindi name for a Hindi customer when it has one, the English one in English', () => {
    const named = {
      coupon: null,
      sales: [{ ...savings.sales[0]!, terms: { name: 'Diwali Sale', nameHi: 'दिवाली सेल', percentOff: 20 } }],
    };
    expect(savingLines(named, 'hi')).toEqual(['दिवाली सेल (20% की छूट) में आपने ₹399.60 बचाए।']);
    expect(savingLines(named, 'en')).toEqual(['You saved ₹399.60 in the Diwali Sale (20% off).']);
  });

  it('falls back to the label for an order kept before terms were', () => {
    const [sale] = savings.sales;
    expect(
      savingLines({ coupon: null, sales: [{ label: sale!.label, amountPaise: sale!.amountPaise }] }, 'hi'),
    ).toEqual(['Diwali Sale (20% off) में आपने ₹399.60 बचाए।']);
  });
});
