/**
 * The real server as a child process for the benches (npm run bench, load, flood): production mode on
 * 127.0.0.1 and a free port, with the demo data so there is something to read and buy.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** BENCH_SERVER_ROOT runs another checkout's server (an earlier commit, for a before/after figure). */
const root = path.resolve(process.env.BENCH_SERVER_ROOT ?? path.join(import.meta.dirname, '../..'));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  base: string;
  /** Milliseconds from spawning the process to the first healthy /healthz answer. */
  healthyAfterMs: number;
  /** The server's resident memory in MB (Linux /proc), or null elsewhere. */
  rssMb(): number | null;
  /**
   * CPU seconds the server has used, user and system (Linux /proc, at the kernel's 100 ticks a second),
   * or null elsewhere: work per request, which a busy machine disturbs far less than req/s.
   */
  cpuSeconds(): number | null;
  /** Asks the server to close; resolves once it has exited. */
  stop(): Promise<void>;
}

/** USER_HZ: what Linux counts CPU time in (100 on every architecture Node runs on). */
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) of a process from its /proc stat line; null when it is gone. */
export function processCpuSeconds(pid: number | string): number | null {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds of each running PostgreSQL process of this machine, by pid (Linux /proc; null elsewhere). */
function postgresCpuByPid(): Map<string, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const seconds = new Map<string, number>();
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const used = processCpuSeconds(pid);
    if (used !== null) seconds.set(pid, used);
  }
  return seconds;
}

/**
 * Starts counting the CPU that this machine's PostgreSQL uses (a local server's share of a bench's
 * requests): the answer tells the seconds used since, by the processes running then (a process started
 * in between counts whole; one that exited in between is left out, as /proc no longer has it).
 */
export function postgresCpuFromNow(): () => number | null {
  const before = postgresCpuByPid();
  return () => {
    const after = postgresCpuByPid();
    if (!before || !after) return null;
    let used = 0;
    for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
    return used;
  };
}

const withoutEmpty = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));

/** How to run the server: the compiled bundle (`npm run build:server` first), or the sources through tsx. */
export type ServerBuild = 'compiled' | 'source';

const SERVER_COMMAND: Record<ServerBuild, string[]> = {
  compiled: ['server/dist/server.js'],
  source: ['--import', 'tsx', 'server/src/server.ts'],
};

/**
 * Starts the server with `env` on top of the bench defaults and waits until /healthz answers; on
 * `env.PORT` when given, else on a free port.
 */
export async function startServer(
  env: Record<string, string>,
  healthyWithinMs = 120_000,
  build: ServerBuild = 'source',
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's
  // DevTools), to see where a bench's server time goes.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(process.execPath, [...profile, ...SERVER_COMMAND[build]], {
    cwd: root,
    // An empty value unsets the variable (DATABASE_URL: '' is PGlite in DATA_DIR).
    env: withoutEmpty({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      DEMO_DATA: 'true',
      // Production mode, as a shop runs; the demo sign-ins and sandbox adapters are allowed for the run.
      NODE_ENV: 'production',
      ALLOW_INSECURE_DEFAULTS: 'true',
      LOG_LEVEL: 'warn',
      // As `npm run serve` / `start:prod` and the systemd unit run it (decision 0057).
      GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072',
      ...env,
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => (exited = true));
  const handle: ServerProcess = {
    base,
    healthyAfterMs: 0,
    rssMb() {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
        return kb ? Math.round(Number(kb) / 1024) : null;
      } catch {
        return null;
      }
    },
    cpuSeconds: () => (server.pid === undefined ? null : processCpuSeconds(server.pid)),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
  const deadline = Date.now() + healthyWithinMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error('The server exited before it became healthy (see its output above)');
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        handle.healthyAfterMs = Math.round(performance.now() - spawnedAt);
        return handle;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await handle.stop();
  throw new Error(`The server did not become healthy within ${healthyWithinMs / 1000} s`);
}
