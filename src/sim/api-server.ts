// The simulated management-cluster API server: Node `https` on 127.0.0.1 speaking the
// Kubernetes REST API (discovery, GET/LIST/WATCH, POST, PUT, PATCH incl. server-side apply,
// DELETE with finalizers, status subresources, Table printing) over an in-memory store,
// with the control-plane loops (CRD establishment, namespace termination, garbage
// collection) running in process, and optional fault injection. It answers only its own
// clients: TLS with a certificate made at start (self-signed-cert.ts), a bearer token, and a
// Host header naming this machine (DNS rebinding gets 403). The kubeconfig it writes carries
// the certificate as its CA and the token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Server, createServer } from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ApiEngine, DeleteOptions, FieldValidation, RequestOptions, storeKey } from './api-engine';
import { ControllerManager } from './controllers/runtime';
import { CRD_CLEANUP_FINALIZER, CrdController, GarbageCollector, NamespaceController } from './controllers/system';
import { apiGroup, apiGroupList, apiResourceList, apiVersions, versionInfo } from './discovery';
import { ApiError, badRequest, internalError, methodNotSupported, resourceNotFound } from './errors';
import { FaultInjector, FaultSpec, parseFaultSpec } from './faults';
import { simKubeconfig, writePrivateFile } from './kubeconfig';
import { openApiV3Document, openApiV3Root } from './openapi';
import { decodeKubeProtobuf } from './protobuf';
import { seededRandom, uuidFrom } from './random';
import { groupResource, ResourceType, ResourceTypes } from './resource-types';
import { parseResourcePath } from './routes';
import { selfSignedCert } from './self-signed-cert';
import { ObjectStore } from './storage';
import { toTable, wantsTable } from './table';
import { rfc3339 } from './timestamps';
import { serveWatch } from './watch-stream';
import { Clock, RealClock } from '../core/clock';

/** Options of the simulated API server. */
export interface SimApiServerOptions {
  /** TCP port on 127.0.0.1. @default 0 (a random free port) */
  readonly port?: number;
  /** Serve every pinned CRD from the start (as on a management cluster with the providers installed). @default true */
  readonly pinnedCrds?: boolean;
  /** Clock for timestamps and timers. @default the process clock */
  readonly clock?: Clock;
  /** Seed for uids, generated names and allocated IPs (deterministic runs). @default random */
  readonly seed?: number;
  /** Fault injection, as a spec string (see faults.ts) or parsed. @default none */
  readonly faults?: string | FaultSpec;
  /** Where to write the kubeconfig (0600). @default a file in the OS temp dir */
  readonly kubeconfigPath?: string;
  /** Change events kept for watch resumption; older resourceVersions get 410 Gone. @default 1000 */
  readonly watchHistory?: number;
  /** Interval between BOOKMARK events on watches that allow them (the real server: about a minute). @default 60000 */
  readonly bookmarkIntervalMs?: number;
  /** Watch duration when the client gives no timeoutSeconds. @default 1800000 */
  readonly defaultWatchTimeoutMs?: number;
  /** Namespaces that exist at start besides default, kube-system, kube-public, kube-node-lease. @default none */
  readonly namespaces?: readonly string[];
  /** Receives reconcile errors of the in-process controllers. @default ignored */
  readonly onControllerError?: (controller: string, key: string, error: unknown) => void;
  /** Every in-process controller re-reconciles all its objects this often (clock ms). @default never */
  readonly resyncMs?: number;
  /**
   * The bearer token every request must carry (it is written into the kubeconfig). Without it
   * the server answers 401, as kube-apiserver does. @default 32 random bytes, new every start
   */
  readonly token?: string;
}

/** What the server has answered since start (or `resetStats()`): benchmarks and tests read it. */
export interface SimRequestStats {
  /** Requests received, watches included. */
  requests: number;
  /** Requests by HTTP method (GET, PATCH, …). */
  byMethod: Record<string, number>;
  /** TLS connections accepted: fewer than requests means clients reuse connections (keep-alive). */
  connections: number;
  /** Requests being answered now, and the most at once (watches count until they end). */
  inFlight: number;
  maxInFlight: number;
}

/** A running server. */
export interface SimServerHandle {
  readonly url: string;
  readonly port: number;
  readonly kubeconfigPath: string;
  /** The bearer token (also in the kubeconfig). */
  readonly token: string;
  /** The server's certificate (PEM), the CA clients trust (also in the kubeconfig). */
  readonly caCert: string;
  stop(): Promise<void>;
}

const MAX_BODY = 3 * 1024 * 1024;
const BASE_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new ApiError(413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(raw: Buffer, contentType: string | undefined): any {
  const ct = (contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (ct === 'application/vnd.kubernetes.protobuf') return raw.length ? decodeKubeProtobuf(raw) : undefined;
  const body = raw.toString('utf8');
  if (!body.trim()) return undefined;
  try {
    if (ct === 'application/yaml' || ct === 'application/x-yaml' || ct === 'text/yaml') return parseYaml(body);
    return JSON.parse(body);
  } catch (e) {
    throw badRequest(`the object provided is unrecognized: ${(e as Error).message}`);
  }
}

function boolParam(v: string | null): boolean {
  return v === 'true' || v === '1';
}

export class SimApiServer {
  readonly clock: Clock;
  readonly store: ObjectStore;
  readonly types: ResourceTypes;
  readonly engine: ApiEngine;
  readonly controllers: ControllerManager;
  private readonly faults?: FaultInjector;
  private server?: Server;
  private readonly openWatches = new Set<ServerResponse>();
  private handle?: SimServerHandle;
  /** The kubeconfig written at the default path (removed on stop). */
  private ownKubeconfig?: string;
  private token = Buffer.alloc(0);
  private allowedHosts = new Set<string>();
  private counters: SimRequestStats = { requests: 0, byMethod: {}, connections: 0, inFlight: 0, maxInFlight: 0 };

  constructor(private readonly options: SimApiServerOptions = {}) {
    this.clock = options.clock ?? new RealClock();
    const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.store = new ObjectStore({ historyLimit: options.watchHistory });
    this.types = new ResourceTypes({ pinned: options.pinnedCrds ?? true });
    this.engine = new ApiEngine({ store: this.store, types: this.types, clock: this.clock, random: seededRandom(seed) });
    const spec = typeof options.faults === 'string' ? parseFaultSpec(options.faults) : options.faults;
    if (spec && Object.keys(spec).length > 0) this.faults = new FaultInjector(spec, this.clock);
    this.bootstrap(seed);
    this.controllers = new ControllerManager({
      store: this.store, clock: this.clock, onError: options.onControllerError, resyncMs: options.resyncMs,
    });
    this.controllers.add(new CrdController(this.engine, this.types.pinnedCrdObjects().map(c => c.metadata!.name!)));
    this.controllers.add(new NamespaceController(this.engine));
    this.controllers.add(new GarbageCollector(this.engine));
  }

  /** Listens on 127.0.0.1, writes the kubeconfig and starts the in-process controllers. */
  async start(): Promise<SimServerHandle> {
    if (this.handle) return this.handle;
    const tls = await selfSignedCert({ days: 365 });
    const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => void this.serve(req, res));
    server.keepAliveTimeout = 5000;
    server.on('secureConnection', () => this.counters.connections++);
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const url = `https://127.0.0.1:${port}`;
    const token = this.options.token ?? randomBytes(32).toString('base64url');
    this.token = Buffer.from(token, 'utf8');
    // Only names that mean this machine: a rebinding DNS name pointing at 127.0.0.1 is refused.
    this.allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, ...(port === 80 ? ['127.0.0.1', 'localhost'] : [])]);
    const kubeconfigPath = this.options.kubeconfigPath ?? join(tmpdir(), `cdk8s-capi-sim-${port}.kubeconfig`);
    try {
      writePrivateFile(kubeconfigPath, simKubeconfig(url, token, tls.cert));
    } catch (e) {
      await this.stop();
      throw e;
    }
    // A kubeconfig at a path we chose holds a bearer token for a server that stops with us: removed
    // on stop. One the caller placed is theirs to keep.
    if (this.options.kubeconfigPath === undefined) this.ownKubeconfig = kubeconfigPath;
    this.controllers.start();
    this.handle = { url, port, kubeconfigPath, token, caCert: tls.cert, stop: () => this.stop() };
    return this.handle;
  }

  async stop(): Promise<void> {
    this.controllers.stop();
    for (const w of this.openWatches) w.destroy();
    this.openWatches.clear();
    const s = this.server;
    this.server = undefined;
    this.handle = undefined;
    if (this.ownKubeconfig) rmSync(this.ownKubeconfig, { force: true });
    this.ownKubeconfig = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>(resolve => s.close(() => resolve()));
  }

  /** Requests and connections since start or the last reset. */
  get stats(): Readonly<SimRequestStats> {
    return { ...this.counters, byMethod: { ...this.counters.byMethod } };
  }

  /** Starts counting afresh (requests still in flight stay counted as in flight). */
  resetStats(): void {
    this.counters = { requests: 0, byMethod: {}, connections: 0, inFlight: this.counters.inFlight, maxInFlight: this.counters.inFlight };
  }

  /** The served type for apiVersion/kind (for in-process callers). */
  typeOf(apiVersion: string, kind: string): ResourceType | undefined {
    return this.types.forKind(apiVersion, kind);
  }

  private bootstrap(seed: number): void {
    for (const ns of [...BASE_NAMESPACES, ...(this.options.namespaces ?? [])]) {
      const rt = this.types.get('', 'v1', 'namespaces')!;
      if (!this.engine.find(rt, '', ns)) this.engine.create(rt, '', { metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns } } }, { fieldManager: 'kube-apiserver' });
    }
    // Pinned CRDs are stored as installed long ago: established, no managedFields.
    const crdRt = this.types.get('apiextensions.k8s.io', 'v1', 'customresourcedefinitions')!;
    const rand = seededRandom(seed ^ 0x5eed);
    for (const crd of this.types.pinnedCrdObjects()) {
      const now = rfc3339(this.clock.now());
      const storage = crd.spec.versions.find((v: any) => v.storage)?.name;
      this.store.put(storeKey(crdRt), {
        ...crd,
        metadata: { ...crd.metadata, uid: uuidFrom(rand), generation: 1, creationTimestamp: now, finalizers: [CRD_CLEANUP_FINALIZER] },
        status: {
          conditions: [
            { type: 'NamesAccepted', status: 'True', lastTransitionTime: now, reason: 'NoConflicts', message: 'no conflicts found' },
            { type: 'Established', status: 'True', lastTransitionTime: now, reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' },
          ],
          acceptedNames: crd.spec.names,
          storedVersions: [storage],
        },
      });
    }
  }

  private send(res: ServerResponse, code: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
    if (res.headersSent || res.destroyed) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(code, { 'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json', 'Cache-Control': 'no-cache, private', ...headers });
    res.end(text);
  }

  private sendError(res: ServerResponse, e: unknown): void {
    const err = e instanceof ApiError ? e : internalError((e as Error)?.message ?? String(e));
    this.send(res, err.code, err.toStatus(), err.headers);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const c = this.counters;
    c.requests++;
    const method = (req.method ?? 'GET').toUpperCase();
    c.byMethod[method] = (c.byMethod[method] ?? 0) + 1;
    c.maxInFlight = Math.max(c.maxInFlight, ++c.inFlight);
    res.once('close', () => this.counters.inFlight--);
    try {
      if (!this.allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
        return this.sendError(res, new ApiError(403, 'Forbidden',
          `forbidden: the simulator answers only Host 127.0.0.1:${this.handle?.port ?? '<port>'} or localhost:<port>, not ${JSON.stringify(req.headers.host ?? '')}`));
      }
      if (!this.authorized(req.headers.authorization)) return this.sendError(res, new ApiError(401, 'Unauthorized', 'Unauthorized'));
      await this.route(req, res);
    } catch (e) {
      this.sendError(res, e);
    }
  }

  /** `Authorization: Bearer <token>`, compared in constant time. */
  private authorized(header: string | undefined): boolean {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!m || !this.token.length) return false;
    const given = Buffer.from(m[1], 'utf8');
    return given.length === this.token.length && timingSafeEqual(given, this.token);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const types = this.types;
    if (method === 'GET') {
      if (path === '/version') return this.send(res, 200, versionInfo());
      if (path === '/healthz' || path === '/readyz' || path === '/livez') return this.send(res, 200, 'ok');
      if (path === '/api') return this.send(res, 200, apiVersions(`127.0.0.1:${(this.server?.address() as AddressInfo)?.port ?? 0}`));
      if (path === '/apis') return this.send(res, 200, apiGroupList(types));
      if (path === '/openapi/v3') return this.send(res, 200, openApiV3Root(types));
      if (path.startsWith('/openapi/v3/')) {
        const doc = openApiV3Document(types, path.slice('/openapi/v3/'.length));
        return doc ? this.send(res, 200, doc) : this.sendError(res, resourceNotFound());
      }
      const m = /^\/apis\/([^/]+)$/.exec(path);
      if (m) {
        const g = apiGroup(types, m[1]);
        return g ? this.send(res, 200, g) : this.sendError(res, resourceNotFound());
      }
    }
    const rp = parseResourcePath(path);
    if (!rp) return this.send(res, 404, '404 page not found');
    if (!rp.resource) {
      if (method !== 'GET') return this.sendError(res, new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'));
      const doc = apiResourceList(types, rp.group, rp.version);
      return doc ? this.send(res, 200, doc) : this.sendError(res, resourceNotFound());
    }
    const rt = types.get(rp.group, rp.version, rp.resource);
    if (!rt) return this.sendError(res, resourceNotFound());
    if ((rp.namespace !== undefined && !rt.namespaced) || (rp.subresource && (rp.subresource !== 'status' || !rt.statusSubresource))) {
      return this.sendError(res, resourceNotFound());
    }
    if (rt.namespaced && rp.namespace === undefined && method !== 'GET') {
      // Namespaced kinds are only listed/watched across namespaces; everything else needs one.
      if (rp.name) return this.sendError(res, resourceNotFound());
      return this.sendError(res, new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'));
    }
    if (rt.namespaced && rp.namespace === undefined && rp.name) return this.sendError(res, resourceNotFound());
    if (this.faults) {
      const d = this.faults.decide({ method, group: rt.group });
      if (d.delayMs > 0) await new Promise<void>(r => this.clock.setTimer(d.delayMs, r));
      if (d.reset) {
        req.socket.destroy();
        return;
      }
      if (d.error) return this.sendError(res, d.error);
    }
    const q = url.searchParams;
    const ns = rp.namespace ?? '';
    const opts: RequestOptions = {
      fieldManager: q.get('fieldManager') ?? undefined,
      userAgent: req.headers['user-agent'],
      dryRun: q.getAll('dryRun').includes('All'),
      fieldValidation: (q.get('fieldValidation') as FieldValidation | null) ?? undefined,
      force: boolParam(q.get('force')),
      forceGiven: q.has('force'),
      subresource: rp.subresource,
    };
    for (const d of q.getAll('dryRun')) if (d !== 'All') throw badRequest(`Invalid dry run value: "${d}": supported values: "All"`);
    if (opts.fieldValidation && !['Strict', 'Warn', 'Ignore'].includes(opts.fieldValidation)) {
      throw badRequest(`fieldValidation: Unsupported value: "${opts.fieldValidation}": supported values: "Ignore", "Strict", "Warn"`);
    }
    const accept = req.headers.accept;
    switch (method) {
      case 'GET': {
        if (boolParam(q.get('watch'))) {
          const fieldSelector = rp.name ? [`metadata.name=${rp.name}`, q.get('fieldSelector')].filter(Boolean).join(',') : q.get('fieldSelector') ?? undefined;
          const timeoutSeconds = q.get('timeoutSeconds');
          this.openWatches.add(res);
          serveWatch(res, this.engine, rt, rp.namespace, {
            labelSelector: q.get('labelSelector') ?? undefined,
            fieldSelector,
            resourceVersion: q.get('resourceVersion') ?? undefined,
            sendInitialEvents: boolParam(q.get('sendInitialEvents')),
            allowWatchBookmarks: boolParam(q.get('allowWatchBookmarks')),
          }, {
            timeoutMs: timeoutSeconds !== null ? Number(timeoutSeconds) * 1000 : this.options.defaultWatchTimeoutMs ?? 1_800_000,
            bookmarkIntervalMs: this.options.bookmarkIntervalMs ?? 60_000,
            dropAfterMs: this.faults?.watchDropMs(),
            clock: this.clock,
            onClose: () => this.openWatches.delete(res),
          });
          return;
        }
        if (rp.name) {
          const obj = this.engine.get(rt, ns, rp.name);
          if (wantsTable(accept)) return this.send(res, 200, toTable(rt, [obj], obj.metadata.resourceVersion, this.clock.now(), q.get('includeObject') ?? undefined));
          return this.send(res, 200, obj);
        }
        const limit = q.get('limit');
        const list = this.engine.list(rt, rp.namespace, {
          labelSelector: q.get('labelSelector') ?? undefined,
          fieldSelector: q.get('fieldSelector') ?? undefined,
          limit: limit ? Number(limit) : undefined,
          continue: q.get('continue') ?? undefined,
        });
        if (wantsTable(accept)) {
          const { resourceVersion, ...rest } = list.metadata;
          const full = list.items.map((i: any) => ({ apiVersion: list.apiVersion, kind: rt.kind, ...i }));
          return this.send(res, 200, toTable(rt, full, resourceVersion, this.clock.now(), q.get('includeObject') ?? undefined, rest));
        }
        return this.send(res, 200, list);
      }
      case 'POST': {
        if (rp.name) throw methodNotSupported(groupResource(rt), 'create');
        const body = parseBody(await readBody(req), req.headers['content-type']);
        const r = this.engine.create(rt, ns, body, opts);
        return this.send(res, 201, r.object, warningHeader(r.warnings));
      }
      case 'PUT': {
        if (!rp.name) throw methodNotSupported(groupResource(rt), 'update');
        const body = parseBody(await readBody(req), req.headers['content-type']);
        const r = this.engine.update(rt, ns, rp.name, body, opts);
        return this.send(res, 200, r.object, warningHeader(r.warnings));
      }
      case 'PATCH': {
        if (!rp.name) throw methodNotSupported(groupResource(rt), 'patch');
        const body = (await readBody(req)).toString('utf8');
        const r = this.engine.patch(rt, ns, rp.name, req.headers['content-type'] ?? '', body, opts);
        return this.send(res, r.created ? 201 : 200, r.object, warningHeader(r.warnings));
      }
      case 'DELETE': {
        const body = parseBody(await readBody(req), req.headers['content-type']) ?? {};
        const del: DeleteOptions = {
          propagationPolicy: q.get('propagationPolicy') ?? body.propagationPolicy ?? undefined,
          preconditions: body.preconditions,
          dryRun: opts.dryRun || (Array.isArray(body.dryRun) && body.dryRun.includes('All')),
          orphanDependents: q.has('orphanDependents') ? boolParam(q.get('orphanDependents')) : body.orphanDependents,
        };
        if (rp.name) {
          const r = this.engine.delete(rt, ns, rp.name, del, opts.fieldManager ?? 'kube-apiserver');
          if (rt.builtin && r.deletedNow && rt.kind !== 'Namespace' && rt.kind !== 'CustomResourceDefinition') {
            return this.send(res, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: rp.name, kind: rt.plural, uid: r.object.metadata.uid } });
          }
          return this.send(res, 200, r.object);
        }
        const list = this.engine.list(rt, rp.namespace, { labelSelector: q.get('labelSelector') ?? undefined, fieldSelector: q.get('fieldSelector') ?? undefined });
        const out: any[] = [];
        for (const item of list.items) {
          out.push(this.engine.delete(rt, item.metadata.namespace ?? '', item.metadata.name, del, 'kube-apiserver').object);
        }
        const meta = { resourceVersion: String(this.store.currentRv()) };
        return this.send(res, 200, { apiVersion: list.apiVersion, kind: rt.listKind, metadata: meta, items: out });
      }
      default:
        throw new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    }
  }
}

function warningHeader(warnings: string[]): Record<string, string[]> {
  if (warnings.length === 0) return {};
  return { Warning: warnings.map(w => `299 - ${JSON.stringify(w)}`) };
}
