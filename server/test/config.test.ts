import { describe, expect, it } from 'vitest';
import { DATABASE_TIMEOUT_DEFAULTS, loadConfig } from '../src/config.ts';
import { LIVE_ENV } from './helpers.ts';

const live = LIVE_ENV;

describe('loadConfig', () => {
  it('runs out of the box outside production, on PGlite with demo data and the sandbox', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/data\/db$/) });
    expect(config.demoData).toBe(true);
    expect(config.sms).toEqual({ provider: 'sandbox' });
  });

  it('never seeds demo data in production unless told to, and refuses being told to', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...live }).demoData).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', ...live, DEMO_DATA: 'true' })).toThrow(
      /DEMO_DATA would seed demo sign-ins/,
    );
  });

  it('trusts X-Forwarded-For only from the proxies named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY is a hop count/);
  });

  it('listens on loopback outside production, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', ...live }).host).toBe('0.0.0.0');
  });

  it('refuses to expose the demo (dev secret, SMS outbox) beyond this machine outside production', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/Refusing to listen on 0\.0\.0\.0 in development mode/);
    expect(() => loadConfig({ NODE_ENV: 'test', HOST: '192.168.1.5' })).toThrow(/Refusing to listen/);
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
    expect(loadConfig({ NODE_ENV: 'production', ...live, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps a production-mode demo on loopback, and never exposes the development secret or demo sign-ins', () => {
    const demo = { NODE_ENV: 'production', ALLOW_INSECURE_DEFAULTS: 'true' };
    expect(loadConfig(demo).host).toBe('127.0.0.1');
    expect(loadConfig({ ...demo, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(() => loadConfig({ ...demo, HOST: '0.0.0.0' })).toThrow(
      /Refusing to listen on 0\.0\.0\.0, reachable from other machines: JWT_SECRET is the development default/,
    );
    expect(() => loadConfig({ ...demo, HOST: '10.0.0.5', JWT_SECRET: live.JWT_SECRET, DEMO_DATA: 'true' })).toThrow(
      /DEMO_DATA would seed demo sign-ins whose passwords are public/,
    );
    expect(loadConfig({ ...demo, HOST: '0.0.0.0', JWT_SECRET: live.JWT_SECRET })).toMatchObject({
      host: '0.0.0.0',
      demoData: false,
    });
    // Outside production the flag is the only way off loopback: the same two never come along.
    expect(() => loadConfig({ ALLOW_INSECURE_DEFAULTS: 'true', HOST: '0.0.0.0' })).toThrow(/development default/);
    expect(loadConfig({ ALLOW_INSECURE_DEFAULTS: 'true', HOST: '0.0.0.0', JWT_SECRET: live.JWT_SECRET }).demoData).toBe(
      false,
    );
  });

  it('reads the abuse limits, with defaults a real shop can live with', () => {
    expect(loadConfig({}).orderLimits).toEqual({ maxLineQty: 10, maxUnpaidUnits: 30, maxUnpaidPaise: 5_00_000_00 });
    expect(
      loadConfig({ ORDER_MAX_LINE_QTY: '3', ORDER_MAX_UNPAID_UNITS: '9', ORDER_MAX_UNPAID_VALUE: '2000' }).orderLimits,
    ).toEqual({ maxLineQty: 3, maxUnpaidUnits: 9, maxUnpaidPaise: 2000_00 });
    expect(() => loadConfig({ ORDER_MAX_LINE_QTY: '0' })).toThrow(/ORDER_MAX_LINE_QTY/);
  });

  it('treats empty variables as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ port: 3000, database: { kind: 'pglite' } });
  });

  it('uses a PostgreSQL server without demo data unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
      timeouts: DATABASE_TIMEOUT_DEFAULTS,
    });
    expect(config.demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('sends e-mail by SMTP in production and refuses the sandbox mail outbox or a missing PUBLIC_URL', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = live;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutSmtp })).toThrow(/e-mail goes to the sandbox outbox/);
    const { PUBLIC_URL: _url, ...withoutUrl } = live;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutUrl })).toThrow(/PUBLIC_URL is not set/);
    const production = loadConfig({
      NODE_ENV: 'production',
      ...live,
      PUBLIC_URL: 'https://shop.example.in/',
      MSG91_ORDER_TEMPLATES: 'order_placed=p1, order_shipped = s2',
    });
    expect(production.mail).toEqual({ provider: 'smtp', smtpUrl: live.SMTP_URL, from: expect.any(String) });
    expect(production.publicUrl).toBe('https://shop.example.in');
    expect(production.sms).toMatchObject({ orderTemplates: { order_placed: 'p1', order_shipped: 's2' } });
    expect(production.sms).not.toHaveProperty('templateIdHi');
    expect(loadConfig({ NODE_ENV: 'production', ...live, MSG91_TEMPLATE_ID_HI: ' dlt-hi ' }).sms).toMatchObject({
      templateIdHi: 'dlt-hi',
    });
    expect(loadConfig({}).mail.provider).toBe('sandbox');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(() => loadConfig({ MSG91_ORDER_TEMPLATES: 'order_placed' })).toThrow(/kind=id/);
    // Issue 30: the Hindi order templates, in the same shape.
    expect(production.sms).toMatchObject({ orderTemplatesHi: {} });
    expect(
      loadConfig({ NODE_ENV: 'production', ...live, MSG91_ORDER_TEMPLATES_HI: 'order_placed=ph1, order_shipped = sh2' })
        .sms,
    ).toMatchObject({ orderTemplatesHi: { order_placed: 'ph1', order_shipped: 'sh2' } });
    expect(() => loadConfig({ MSG91_ORDER_TEMPLATES_HI: 'order_placed' })).toThrow(
      /MSG91_ORDER_TEMPLATES_HI looks like kind=id/,
    );
  });

  it('refuses to start in production with the development secret or a sandbox adapter', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is the development default; SMS_PROVIDER is the sandbox; payments use the sandbox gateway/,
    );
    const { RAZORPAY_KEY_ID: _id, RAZORPAY_KEY_SECRET: _secret, ...withoutRazorpay } = live;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutRazorpay })).toThrow(
      /payments use the sandbox gateway/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: live.JWT_SECRET })).toThrow(
      /SMS_PROVIDER is the sandbox/,
    );
    const production = loadConfig({ NODE_ENV: 'production', ...live });
    expect(production.sms.provider).toBe('msg91');
    expect(production.payments).toMatchObject({ gateway: 'razorpay', keyId: 'rzp_live_x', webhookSecret: 'w' });
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_INSECURE_DEFAULTS: 'true' }).env).toBe('production');
  });

  it('keeps uploads in the database unless S3_URL names a bucket, whose parts it decodes', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'database' });
    expect(
      loadConfig({
        S3_URL: 'https://AKIA1%2B:se%2Fcret@s3.ap-south-1.amazonaws.com/shop-files/prod/pics?region=ap-south-1',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      region: 'ap-south-1',
      bucket: 'shop-files',
      prefix: 'prod/pics/',
      accessKeyId: 'AKIA1+',
      secretAccessKey: 'se/cret',
    });
    expect(loadConfig({ S3_URL: 'http://k:s@127.0.0.1:9000/b' }).fileStore).toMatchObject({
      region: 'us-east-1',
      prefix: '',
    });
  });

  it('never repeats the S3 secret in its refusal', () => {
    expect(() => loadConfig({ S3_URL: 'https://key:TOPSECRET@s3.example.in' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('TOPSECRET') }),
    );
  });

  it.each([
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ SMS_PROVIDER: 'msg91' }, /needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL must be redis/],
    [{ S3_URL: 'ftp://k:s@host/bucket' }, /S3_URL: must start with https:\/\//],
    [{ S3_URL: 'https://s3.example.in/bucket' }, /S3_URL: needs the access key id and secret/],
    [{ S3_URL: 'https://key:secret@s3.example.in' }, /S3_URL: needs the bucket/],
    [{ SELLER_STATE: 'Atlantis' }, /SELLER_STATE must name an Indian state/],
    [{ NODE_ENV: 'production', ...live, RATE_LIMITS: 'false' }, /RATE_LIMITS is off/],
    [
      { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' },
      /needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
