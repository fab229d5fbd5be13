// The wire floor of a server-side dry-run apply: raw server-side-apply PATCHes
// (application/apply-patch+yaml, a field manager, force, dryRun=All) of prepared bodies, 8 in
// flight over one keep-alive HTTPS agent, doing nothing else. Node built-ins only: the
// benchmark transpiles this file and runs it with plain `node`, so the process pays no more
// than Node's own start-up. Prints `{"ms":…,"requests":…}` (ms: first request to last answer).
// Usage: node ssa-floor.js <requests.json> [module]  — {server, token, ca, inFlight, requests: [{path, body}]}
// With a module (a file URL), it is imported first: what loading that library alone adds.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';

interface FloorInput {
  readonly server: string;
  readonly token: string;
  readonly ca: string;
  readonly inFlight: number;
  readonly requests: ReadonlyArray<{ readonly path: string; readonly body: string }>;
}

function patch(agent: Agent, input: FloorInput, path: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${input.server}${path}?fieldManager=bench-floor&force=true&dryRun=All`, {
      method: 'PATCH',
      agent,
      headers: {
        'Authorization': `Bearer ${input.token}`,
        'Content-Type': 'application/apply-patch+yaml',
        'Accept': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      },
    }, res => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 || res.statusCode === 201
        ? resolve()
        : reject(new Error(`PATCH ${path}: ${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 500)}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const input = JSON.parse(readFileSync(process.argv[2], 'utf8')) as FloorInput;
  // A Function-built import: TypeScript's CommonJS output would turn import() into require().
  if (process.argv[3]) await (new Function('m', 'return import(m)') as (m: string) => Promise<unknown>)(process.argv[3]);
  const agent = new Agent({ keepAlive: true, maxSockets: input.inFlight, ca: input.ca });
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: input.inFlight }, async () => {
    while (next < input.requests.length) {
      const r = input.requests[next++];
      await patch(agent, input, r.path, r.body);
    }
  }));
  const ms = performance.now() - t0;
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ ms, requests: input.requests.length })}\n`);
}

main().catch(e => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
