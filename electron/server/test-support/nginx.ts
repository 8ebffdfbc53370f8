/**
 * A real nginx in front of several servers, round-robin with no stickiness, as
 * docs/deployment.md configures it: its own configuration, temp paths and log in a temporary
 * folder, on a free loopback port, in the foreground (`daemon off`) so stopping it is killing
 * one child. Without nginx (Debian: `apt-get install nginx`) `startNginx` says why instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, serviceFolder } from './system-service';

export interface Nginx {
  readonly url: string;
  stop(): Promise<void>;
}

function nginxBinary(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path));
}

/** The configuration of docs/deployment.md, with paths and ports of this run. */
function nginxConfig(dir: string, port: number, upstreams: readonly string[]): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 32m;
  upstream lapwing {
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://lapwing;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      # Which instance answered (tests follow sessions across instances with it).
      add_header X-Lapwing-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx on a free port in front of `upstreams` (`host:port` each), or says why it cannot. */
export async function startNginx(upstreams: readonly string[]): Promise<Nginx | { readonly unavailable: string }> {
  const binary = nginxBinary();
  if (!binary) return { unavailable: 'nginx is not installed (apt-get install nginx)' };
  const dir = serviceFolder('lapwing-nginx-', undefined);
  // As root, nginx's workers run as an unprivileged user: they must reach the temp paths inside (request bodies over 16 KB).
  chmodSync(dir, 0o755);
  const port = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(dir, port, upstreams));
  // -e: errors before the configuration is read go to our log too, not /var/log/nginx.
  const child: ChildProcess = spawn(binary, ['-e', join(dir, 'error.log'), '-c', config, '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const started = await waitUntilListening(url, child);
  if (started !== true) {
    child.kill('SIGKILL');
    const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8').trim() : '';
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `nginx did not start: ${started}${log ? ` (${log})` : ''}` };
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
      }),
  };
}

/**
 * Until nginx answers on `url` (any status: the upstreams may be down). Bounded by the clock, not by
 * attempts: on a busy machine each attempt takes longer, and a slow start would read as "unavailable"
 * and skip the tests that need nginx.
 */
async function waitUntilListening(url: string, child: ChildProcess, limitMs = 60_000): Promise<true | string> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) return `it exited with ${child.exitCode}`;
    try {
      await fetch(`${url}/version`, { signal: AbortSignal.timeout(10_000) });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return `it did not answer within ${limitMs / 1000} s`;
}
