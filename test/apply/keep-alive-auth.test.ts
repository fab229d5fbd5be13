// The run's one keep-alive agent: every request authenticated by the kubeconfig goes through
// the same agent (connections are reused), carrying the kubeconfig's TLS settings; a proxied or
// plain-HTTP cluster keeps the client's own agent.
import { Agent as HttpAgent } from 'node:http';
import { Agent } from 'node:https';
import { AgentContext, KeepAliveAuth, KubeconfigAuth } from '../../src/apply/keep-alive-auth';

/** A kubeconfig stand-in that, like client-node's, makes a new agent per request and adds a token. */
function kubeconfig(): KubeconfigAuth & { calls: number } {
  const kc = {
    calls: 0,
    applySecurityAuthentication: async (ctx: AgentContext & { headers?: Record<string, string> }) => {
      kc.calls++;
      ctx.headers = { Authorization: `Bearer token-${kc.calls}` };
      ctx.setAgent(new Agent({ ca: 'CA' }));
    },
    applyToHTTPSOptions: async (o: any) => {
      Object.assign(o, { ca: 'CA', cert: 'CERT', key: 'KEY', servername: 'api.example', rejectUnauthorized: false });
    },
  };
  return kc;
}

function context(): AgentContext & { agent?: Agent | HttpAgent; headers?: Record<string, string> } {
  const c: AgentContext & { agent?: Agent | HttpAgent } = { setAgent: a => (c.agent = a) };
  return c;
}

test('HTTPS: every request gets the same keep-alive agent with the kubeconfig\'s TLS settings, and the kubeconfig\'s own authentication', async () => {
  const kc = kubeconfig();
  const auth = await KeepAliveAuth.create(kc, { server: 'https://api.example:6443' });
  const a = context();
  const b = context();
  await auth.applySecurityAuthentication(a);
  await auth.applySecurityAuthentication(b);
  expect(a.agent).toBe(auth.agent);
  expect(b.agent).toBe(auth.agent);
  expect(kc.calls).toBe(2);
  expect([a.headers?.Authorization, b.headers?.Authorization]).toEqual(['Bearer token-1', 'Bearer token-2']);
  const opts = (auth.agent as any).options;
  expect(opts).toMatchObject({ keepAlive: true, ca: 'CA', cert: 'CERT', key: 'KEY', servername: 'api.example', rejectUnauthorized: false });
  auth.destroy();
});

test.each([
  ['a proxied cluster', { server: 'https://api.example:6443', proxyUrl: 'http://proxy:3128' }],
  ['a plain-HTTP cluster', { server: 'http://127.0.0.1:8080' }],
])('%s keeps the client\'s own agent', async (_what, cluster) => {
  const auth = await KeepAliveAuth.create(kubeconfig(), cluster);
  const a = context();
  await auth.applySecurityAuthentication(a);
  expect(auth.agent).toBeUndefined();
  expect(a.agent).toBeInstanceOf(Agent);
});
