import { productInput, registerBody, shippingAddressInput } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { displayMessage, fieldErrors, fieldLabel } from './field-errors.ts';

describe('fieldLabel', () => {
  it.each([
    ['postalCode', 'Postal code'],
    ['countInStock', 'Count in stock'],
    ['mrp', 'MRP'],
    ['otp', 'OTP'],
    ['email', 'Email'],
    ['name', 'Name'],
    ['paymentMethod', 'Payment method'],
  ])('%s → %s', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });
});

describe('displayMessage', () => {
  it('turns the leading field name into words', () => {
    expect(displayMessage('postalCode must be a 6-digit pincode that does not start with 0')).toBe(
      'Postal code must be a 6-digit pincode that does not start with 0',
    );
    expect(displayMessage('countInStock must be 0 or more')).toBe('Count in stock must be 0 or more');
    expect(displayMessage('mrp must not be below price')).toBe('MRP must not be below price');
    expect(displayMessage('mrp must not be below the price with GST (the MRP includes every tax)')).toBe(
      'MRP must not be below the price with GST (the MRP includes every tax)',
    );
    expect(displayMessage('otp must be 4 digits')).toBe('OTP must be 4 digits');
  });

  it('leaves a sentence as it is, with a capital first letter', () => {
    expect(displayMessage('Your cart is empty')).toBe('Your cart is empty');
    expect(displayMessage('name is required')).toBe('Name is required');
    expect(displayMessage('')).toBe('');
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field, for display', () => {
    const shipping = shippingAddressInput.safeParse({ address: '', city: 'Varanasi', postalCode: '0123', state: '' });
    expect(shipping.success).toBe(false);
    expect(fieldErrors(shipping.error!.issues)).toEqual({
      address: 'Address is required',
      postalCode: 'Postal code must be a 6-digit pincode that does not start with 0',
      state: 'State is required',
    });

    const register = registerBody.safeParse({ name: 'A', email: 'nope', phone: '12', password: 'longenough1' });
    expect(fieldErrors(register.error!.issues)).toMatchObject({
      email: 'Email is not a valid e-mail address',
      phone: 'Phone must be a 10-digit Indian mobile number',
    });
  });

  it('names product fields as the form does', () => {
    const product = productInput(18).safeParse({
      name: 'Test bead',
      price: 100,
      mrp: 50,
      image: '/images/x.svg',
      brand: 'Nepal',
      category: 'rudraksha',
      description: 'A bead',
      countInStock: -1,
    });
    const errors = fieldErrors(product.error!.issues);
    expect(errors.countInStock).toBe('Count in stock must be 0 or more');
  });

  it('names mrp in capitals', () => {
    const product = productInput(18).safeParse({
      name: 'Test bead',
      price: 100,
      mrp: 50,
      image: '/images/x.svg',
      brand: 'Nepal',
      category: 'rudraksha',
      description: 'A bead',
      countInStock: 1,
    });
    expect(fieldErrors(product.error!.issues)).toEqual({
      mrp: 'MRP must not be below the price with GST (the MRP includes every tax)',
    });
  });
});
