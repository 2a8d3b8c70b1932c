import { describe, expect, it } from 'vitest';
import { AWB_PLACE, COURIERS, courierByName, normalizeTrackingNumber, trackingUrl } from './couriers.ts';

describe('couriers', () => {
  it('knows the six Indian couriers the admin picks from', () => {
    expect(COURIERS.map((c) => c.name)).toEqual([
      'India Post',
      'Delhivery',
      'Blue Dart',
      'DTDC',
      'Ekart',
      'Xpressbees',
    ]);
  });

  it.each([
    ['Blue Dart', 'blue-dart'],
    ['bluedart', 'blue-dart'],
    [' BLUE-DART ', 'blue-dart'],
    ['Speed Post', 'india-post'],
    ['india post', 'india-post'],
    ['dtdc', 'dtdc'],
    ['Ekart Logistics', 'ekart'],
    ['XpressBees', 'xpressbees'],
  ])('reads %j as %s', (name, id) => {
    expect(courierByName(name)?.id).toBe(id);
  });

  it('has no courier for free text', () => {
    expect(courierByName('Shree Maruti Courier')).toBeNull();
    expect(courierByName('')).toBeNull();
  });
});

describe('normalizeTrackingNumber', () => {
  it.each([
    ['EE123456789IN', 'EE123456789IN'],
    ['ee 1234 5678 9in', 'EE123456789IN'],
    ['  50123456789 ', '50123456789'],
    ['FMPC1234567890', 'FMPC1234567890'],
    ['AB-1234', 'AB-1234'],
    ['1234', '1234'],
    ['A'.repeat(30), 'A'.repeat(30)],
  ])('accepts %j as %s', (text, awb) => {
    expect(normalizeTrackingNumber(text)).toBe(awb);
  });

  it.each([
    '',
    '123',
    'A'.repeat(31),
    '-1234',
    '1234-',
    'AB/1234',
    'AB_1234',
    '12345<script>',
    "1234' OR 1=1",
    'अ12345',
    '１２３４５',
  ])('refuses %j', (text) => {
    expect(normalizeTrackingNumber(text)).toBeNull();
  });
});

describe('trackingUrl', () => {
  it('links each known courier with the AWB in its URL', () => {
    for (const courier of COURIERS) {
      const url = trackingUrl(courier.name, 'ab 12345678');
      expect(url).not.toBeNull();
      expect(new URL(url!).protocol).toBe('https:');
      expect(url).toContain('AB12345678');
    }
    expect(trackingUrl('Delhivery', '1234567890123')).toBe('https://www.delhivery.com/track/package/1234567890123');
  });

  it('is null for a free-text courier or a bad AWB', () => {
    expect(trackingUrl('Local courier', 'AB12345678')).toBeNull();
    expect(trackingUrl('Delhivery', '12')).toBeNull();
    expect(trackingUrl('Delhivery', '../../admin')).toBeNull();
  });

  it('has one place for the AWB in every tracking page', () => {
    for (const courier of COURIERS) expect(courier.trackingPage.split(AWB_PLACE)).toHaveLength(2);
  });
});
