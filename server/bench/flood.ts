/**
 * npm run bench:flood: what a sign-in flood does to everyone else. Static files (a hashed asset of the
 * built app) are measured alone, then while a flood of wrong-password sign-ins arrives from rotating
 * IPv6 addresses: first one new /64 per request (per-client limits cannot help: the bound on concurrent
 * password hashing must; each request names another phone, so no per-phone lock helps either), then many addresses inside one /64 (counted as one client). The server trusts
 * one proxy hop, so X-Forwarded-For carries the attacker's address. FLOOD_SECONDS (10),
 * FLOOD_CONNECTIONS (50). BENCH_SERVER_ROOT=<another checkout> measures that checkout's server.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './server-process.ts';

const seconds = Number(process.env.FLOOD_SECONDS ?? 10);
const floodConnections = Number(process.env.FLOOD_CONNECTIONS ?? 50);
const root = path.resolve(process.env.BENCH_SERVER_ROOT ?? path.join(import.meta.dirname, '../..'));
const asset = readdirSync(path.join(root, 'web/dist/assets')).find((f) => f.endsWith('.js'));
if (!asset) throw new Error('Build the web app first (npm run build)');

let counter = 0;
const addresses = {
  /** A new /64 for every request. */
  'rotating /64s': () => {
    counter += 1;
    return `2001:db8:${(counter >> 16) & 0xffff}:${counter & 0xffff}::1`;
  },
  /** New addresses, all inside one /64. */
  'one /64': () => {
    counter += 1;
    return `2001:db8:1:1::${(counter & 0xffff).toString(16)}`;
  },
};

type Summary = { rps: number; p99: number; statuses: Record<string, number> };
function summary(result: autocannon.Result): Summary {
  const statuses: Record<string, number> = {};
  const byCode = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  for (const [code, { count }] of Object.entries(byCode)) statuses[code] = count;
  if (result.errors) statuses.errors = result.errors;
  if (result.timeouts) statuses.timeouts = result.timeouts;
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, statuses };
}

const server = await startServer({ TRUST_PROXY: '1' });
try {
  const staticLoad = () => autocannon({ url: `${server.base}/assets/${asset}`, connections: 10, duration: seconds });
  await autocannon({ url: `${server.base}/assets/${asset}`, connections: 10, duration: 2 });
  const rows: Array<{ name: string; static: Summary; flood: Summary | null }> = [];
  rows.push({ name: 'static files alone', static: summary(await staticLoad()), flood: null });
  for (const [name, nextAddress] of Object.entries(addresses)) {
    const flood = autocannon({
      url: `${server.base}/api/users/loginviapassword`,
      connections: floodConnections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': nextAddress(),
            },
            // A different phone each time, so no per-phone lock short-cuts the password hash.
            body: JSON.stringify({ phone: `7${String(counter).padStart(9, '0')}`, password: `wrong-${counter}` }),
          }),
        },
      ],
    });
    const [staticResult, floodResult] = await Promise.all([staticLoad(), flood]);
    rows.push({ name: `with a flood from ${name}`, static: summary(staticResult), flood: summary(floodResult) });
  }
  console.log(`\n${seconds} s each; static: 10 connections; flood: ${floodConnections} connections\n`);
  console.log('phase                              static req/s  static p99 ms  flood req/s  flood answers');
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(34),
        String(row.static.rps).padStart(12),
        String(row.static.p99).padStart(14),
        String(row.flood?.rps ?? '').padStart(12),
        row.flood ? ` ${JSON.stringify(row.flood.statuses)}` : '',
      ].join(' '),
    );
  }
  const alone = rows[0]!.static.rps;
  for (const row of rows.slice(1))
    console.log(`${row.name}: static at ${(row.static.rps / alone).toFixed(2)} of alone`);
} finally {
  await server.stop();
}
