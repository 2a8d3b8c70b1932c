import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { LIVE_ENV, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('WhatsApp configuration', () => {
  it('answers the shop number for chat links, kept an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ whatsappNumber: '919999900000' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('has a fake demo number outside production, none in production unless set', () => {
    expect(loadConfig({}).whatsapp).toMatchObject({ provider: 'sandbox', shopNumber: '919999900000' });
    expect(loadConfig({ NODE_ENV: 'production', ...LIVE_ENV }).whatsapp).toMatchObject({
      provider: 'cloud',
      shopNumber: null,
      token: 'wa-token',
      phoneNumberId: '1234567890',
      baseUrl: 'https://graph.facebook.com/v21.0',
    });
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '919812345678' }).whatsapp.shopNumber).toBe('919812345678');
    expect(() => loadConfig({ SHOP_WHATSAPP_NUMBER: '+91 98123' })).toThrow(/SHOP_WHATSAPP_NUMBER/);
  });

  it('refuses a half-configured Cloud API, and the sandbox in production unless allowed', () => {
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x' })).toThrow(
      /WhatsApp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID/,
    );
    const { WHATSAPP_TOKEN: _t, WHATSAPP_PHONE_NUMBER_ID: _p, ...withoutWhatsapp } = LIVE_ENV;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutWhatsapp })).toThrow(
      /WhatsApp messages go to the sandbox outbox/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', ...withoutWhatsapp, ALLOW_INSECURE_DEFAULTS: 'true' }).whatsapp.provider,
    ).toBe('sandbox');
  });
});
