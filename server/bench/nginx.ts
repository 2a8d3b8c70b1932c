/**
 * nginx (Debian's /usr/sbin/nginx, or NGINX_PATH) in front of the bench's instances, with the shop's own
 * deploy/nginx.conf: only its upstream servers and its listen port are rewritten, so what is measured is
 * what is documented. Runs unprivileged in a temporary prefix.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

const CONFIG = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');

export async function startNginx(upstreams: string[]): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(tmpdir(), 'rr-nginx-'));
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=3 fail_timeout=10s;`).join('\n');
  const config = readFileSync(CONFIG, 'utf8')
    .replace(/^ {4}server 127\.0\.0\.1:\d+ [^\n]*\n/gm, '')
    .replace(/( {4}least_conn;\n)/, `$1${servers}\n`)
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
    .replace('events {', `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\nevents {`);
  const configPath = path.join(prefix, 'nginx.conf');
  writeFileSync(configPath, config);
  const nginx = spawn(
    process.env.NGINX_PATH ?? '/usr/sbin/nginx',
    ['-p', prefix, '-c', configPath, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 100) throw new Error(`nginx did not answer on ${base}: see ${prefix}/error.log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    stop: async () => {
      nginx.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
