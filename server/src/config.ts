import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: embedded PGlite in DATA_DIR/db. `memory://`: PGlite in memory. `postgres://...`: a server. */
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, 'DATABASE_URL must be postgres://... or memory://')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  /** Seed the demo data when the database has no products (default: on for the embedded database only). */
  DEMO_DATA: booleanish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built React app; served when it exists. */
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Trust X-Forwarded-For from a proxy in front (needed for per-client rate limits behind one). */
  TRUST_PROXY: booleanish.default(false),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  dataDir: string;
  demoData: boolean;
  logLevel: string;
  webDistDir: string;
  trustProxy: boolean;
};

/** The only reader of process.env; a `.env` file in the working folder fills in what is not set. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  if (source === process.env && existsSync('.env')) process.loadEnvFile('.env');
  const parsed = environment.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database:
      url === undefined
        ? { kind: 'pglite', dataDir: path.join(dataDir, 'db') }
        : url.startsWith('memory://')
          ? { kind: 'pglite', dataDir: null }
          : { kind: 'postgres', url },
    dataDir,
    demoData: e.DEMO_DATA ?? !url?.startsWith('postgres'),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
  };
}
