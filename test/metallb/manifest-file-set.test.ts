// The VIP constructs hand out their manifest files deep-frozen: a cluster copies them into its
// control-plane Butane config when it is built, so a later change could never reach the output.
import { Chart, Testing } from 'cdk8s';
import { IngressVip } from '../../src/metallb/ingress-vip';
import { MetalLbVip } from '../../src/metallb/metallb-vip';

const chart = () => new Chart(Testing.app(), 'test');

describe('MetalLbVip / IngressVip files', () => {
  test('fails (TypeError) when a file, an object or the VIP is changed', () => {
    const vip = new MetalLbVip(chart(), 'api', { vip: { ipv4: '192.168.125.100' } });
    const pool = vip.objects.find(o => o.kind === 'IPAddressPool')!;
    expect(() => { pool.spec.addresses.push('10.0.0.0/8'); }).toThrow(TypeError);
    expect(() => { pool.metadata!.name = 'other'; }).toThrow(TypeError);
    expect(() => { (vip.files as any[]).pop(); }).toThrow(TypeError);
    expect(() => { (vip.vip as any).ipv4 = '10.0.0.1'; }).toThrow(TypeError);
    expect(pool.spec.addresses).toEqual(['192.168.125.100/32']);
  });

  test('fails (TypeError) when an ingress VIP object is changed', () => {
    const ingress = new IngressVip(chart(), 'ingress', { vip: { ipv4: '192.168.125.101' } });
    expect(() => { (ingress.files[0].objects[0] as any).spec.valuesContent = ''; }).toThrow(TypeError);
  });

  test('objects is a new array each time', () => {
    const vip = new MetalLbVip(chart(), 'api', { vip: { ipv4: '192.168.125.100' } });
    vip.objects.pop();
    expect(vip.objects).toHaveLength(5);
  });
});
