// Server-side apply as one plain HTTPS request. client-node's object API sends each object
// through its generated pipeline — a typed serializer both ways (which also drops fields its
// model of a built-in kind does not know), node-fetch, an rxjs stand-in — about half a
// millisecond of CPU per object above Node's own `https` (bench/README.md, "Applier near the
// wire"). The kubeconfig's authentication is still client-node's (KubeConfig.applyToHTTPSOptions:
// tokens, exec plugins, basic auth, impersonation); the connection is the run's keep-alive
// agent (keep-alive-auth.ts). Errors keep client-node's shape (code, body, headers), so the
// retries and the error mapping read them the same way.
import { Agent as HttpAgent, IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent, RequestOptions, request as httpsRequest } from 'node:https';

/** An HTTP answer other than 2xx: the status, its body (text) and headers, as client-node's ApiException carries them. */
export class HttpStatusError extends Error {
  constructor(readonly code: number, readonly body: string, readonly headers: IncomingHttpHeaders) {
    super(`HTTP ${code}: ${body.slice(0, 200)}`);
    this.name = 'HttpStatusError';
  }
}

/** Where and how requests go. */
export interface RequestTarget {
  /** The kubeconfig's server URL (a path prefix, e.g. of a proxying gateway, is kept). */
  readonly server: string;
  /** The run's keep-alive agent; without one, the agent `options()` gives. */
  readonly agent?: Agent;
  /** Per request: the kubeconfig's headers, basic auth and TLS options (tokens may refresh between requests). */
  options(): Promise<RequestOptions>;
}

/** `/api/v1/namespaces/ns/secrets/name`, `/apis/metal3.io/v1alpha1/…`: a resource's path (namespace only for namespaced kinds). */
export function resourcePath(apiVersion: string, resource: { plural: string; namespaced: boolean }, namespace?: string, name?: string): string {
  const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  const ns = resource.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `${base}${ns}/${resource.plural}${name !== undefined ? `/${encodeURIComponent(name)}` : ''}`;
}

export interface ApplyQuery {
  readonly fieldManager: string;
  readonly force: boolean;
  readonly dryRun: boolean;
}

/** One server-side apply PATCH; resolves to the object the server answered with. */
export async function sendApply(target: RequestTarget, path: string, query: ApplyQuery, body: string): Promise<unknown> {
  const o = await target.options();
  const q = new URLSearchParams({ fieldManager: query.fieldManager, force: String(query.force) });
  if (query.dryRun) q.set('dryRun', 'All');
  const url = new URL(`${target.server.replace(/\/+$/, '')}${path}?${q}`);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'PATCH',
      agent: (target.agent ?? o.agent) as Agent | HttpAgent | undefined,
      auth: o.auth,
      headers: {
        ...o.headers,
        'Content-Type': 'application/apply-patch+yaml',
        'Accept': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      },
    }, res => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const code = res.statusCode ?? 0;
        if (code < 200 || code > 299) return reject(new HttpStatusError(code, text, res.headers));
        try {
          resolve(JSON.parse(text));
        } catch (e) {
          reject(new Error(`the API server answered ${path} with a body that is not JSON: ${(e as Error).message}`));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
