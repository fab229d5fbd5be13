// One keep-alive HTTPS agent for every request of a run. client-node 1.4 builds a new
// https.Agent inside KubeConfig.applySecurityAuthentication, i.e. for every request, so no
// connection is ever reused: each object of an apply paid a TCP connect and a TLS handshake
// (1,135 connections for 1,135 requests on the 48-site fleet). This authentication method
// lets the kubeconfig authenticate each request as before (tokens, exec plugins, client
// certificates) and then sends it through the run's shared agent, as client-go's one
// transport does. Proxied clusters keep client-node's own agent (it speaks to the proxy).
import type { Agent as HttpAgent } from 'node:http';
import { Agent } from 'node:https';
import type { RequestOptions } from 'node:https';

/** The part of client-node's RequestContext this needs. */
export interface AgentContext {
  setAgent(agent: HttpAgent | Agent): void;
}

/** The part of client-node's KubeConfig this needs. */
export interface KubeconfigAuth {
  applySecurityAuthentication(context: AgentContext): Promise<void>;
  applyToHTTPSOptions(opts: RequestOptions): Promise<void>;
}

/** A client-node SecurityAuthentication: the kubeconfig's, then the shared keep-alive agent. */
export class KeepAliveAuth {
  /** The kubeconfig's TLS settings (CA, client certificate, server name, verification) on a keep-alive agent; undefined when proxied or not HTTPS. */
  static async create(kc: KubeconfigAuth, cluster: { server: string; proxyUrl?: string }): Promise<KeepAliveAuth> {
    if (cluster.proxyUrl || !cluster.server.startsWith('https:')) return new KeepAliveAuth(kc, undefined);
    const o: RequestOptions = {};
    await kc.applyToHTTPSOptions(o);
    const agent = new Agent({
      keepAlive: true,
      ca: o.ca,
      cert: o.cert,
      key: o.key,
      pfx: o.pfx,
      passphrase: o.passphrase,
      servername: o.servername,
      ...(o.rejectUnauthorized !== undefined ? { rejectUnauthorized: o.rejectUnauthorized } : {}),
    });
    return new KeepAliveAuth(kc, agent);
  }

  private constructor(private readonly kc: KubeconfigAuth, readonly agent: Agent | undefined) {}

  getName(): string {
    return 'kubeconfig (keep-alive)';
  }

  async applySecurityAuthentication(context: AgentContext): Promise<void> {
    await this.kc.applySecurityAuthentication(context);
    if (this.agent) context.setAgent(this.agent);
  }

  /** Closes the idle connections (they do not keep the process alive, but a long-lived caller may want them gone). */
  destroy(): void {
    this.agent?.destroy();
  }
}
