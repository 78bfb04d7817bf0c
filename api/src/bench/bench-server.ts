import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A real Callboard server in its own process, so its memory can be read apart from the benchmark's. */
export interface BenchServer {
  url: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resident memory of a process from /proc, in MB. */
export function processRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** `readyWithinMs`: how long its start may take (a first start that seeds data takes longer). */
export async function startBenchServer(env: Record<string, string>, readyWithinMs = 120_000): Promise<BenchServer> {
  const port = await freePort();
  const serverJs = path.resolve(__dirname, '..', 'server.js');
  // The database comes from `env` alone: a DATABASE_URL inherited from the bench's own environment
  // would put the PGlite run on PostgreSQL.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [serverJs], {
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server was not ready within ${readyWithinMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid as number,
    rssMb: () => processRssMb(child.pid as number),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
