import { KubeObject } from '../../../src/core/kube-object';
import { validateObject } from '../../../src/validate/validate';

const rules = (o: KubeObject, set: KubeObject[] = [o]) => validateObject(o, set).map(f => `${f.rule} ${f.field}: ${f.message}`);
const errs = (o: KubeObject, set?: KubeObject[]) => rules(o, set).filter(Boolean);

const m3c = (spec: any): KubeObject => ({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3Cluster', metadata: { name: 'c', namespace: 'default' }, spec });
const mt = (spec: any, version = 'v1beta2'): KubeObject => ({ apiVersion: `infrastructure.cluster.x-k8s.io/${version}`, kind: 'Metal3MachineTemplate', metadata: { name: 't', namespace: 'default' }, spec: { template: { spec } } });
const image = { url: 'http://img/x.raw', checksum: 'http://img/x.raw.sha256', checksumType: 'sha256', diskFormat: 'raw' };

describe('CAPM3 rules', () => {
  test('Metal3Cluster needs an endpoint host', () => {
    expect(errs(m3c({ controlPlaneEndpoint: { host: '192.168.125.100', port: 6443 } }))).toEqual([]);
    expect(errs(m3c({ controlPlaneEndpoint: { port: 6443 } }))).toEqual(['capm3/endpoint spec.controlPlaneEndpoint.host: is required']);
  });

  test('machine template image: url, checksum, live-iso; oci:// needs a checksum at CAPM3 v1.13', () => {
    expect(errs(mt({ image }))).toEqual([]);
    expect(errs(mt({ image: { ...image, url: 'not a url' } }))).toEqual([
      'schema/format spec.template.spec.image.url: Invalid value: "not a url": must be of format uri',
      'capm3/image spec.template.spec.image.url: "not a url" is not a valid URL (invalid URI for request)',
    ]);
    // Go's url.ParseRequestURI takes absolute paths and file:/// URLs.
    expect(errs(mt({ image: { ...image, url: '/images/x.raw' } }))).toEqual([]);
    expect(errs(mt({ image: { ...image, url: 'file:///images/x.raw' } }))).toEqual([]);
    expect(errs(mt({ image: { url: 'http://img/x.raw', checksum: '' } }))).toEqual(['capm3/image-checksum spec.template.spec.image.checksum: cannot be empty']);
    expect(errs(mt({ image: { url: 'http://img/x.iso', checksum: '', diskFormat: 'live-iso' } }))).toEqual([]);
    expect(errs(mt({ image: { url: 'oci://reg/img:1', checksum: 'x' } }))).toEqual([]);
    expect(errs(mt({ image: { url: 'oci://reg/img:1', checksum: '' } }))).toEqual(['capm3/image-checksum spec.template.spec.image.checksum: cannot be empty']);
    expect(errs(mt({ image: { ...image, checksum: 'http://:invalid' } }))).toEqual(['capm3/image-checksum spec.template.spec.image.checksum: "http://:invalid" is not a valid URL (invalid port ":invalid" after host)']);
    expect(errs(mt({ customDeploy: { method: 'install_coreos' } }))).toEqual([]);
    expect(errs(mt({}))).toEqual(['capm3/image spec.template.spec.image: either image or customDeploy is required']);
  });

  test('checksumType auto is a BMH value, not a CAPM3 one (schema)', () => {
    expect(errs(mt({ image: { ...image, checksumType: 'auto' } }))).toEqual(['schema/enum spec.template.spec.image.checksumType: Unsupported value: "auto"']);
  });

  test('v1beta1 templates use format for the live-iso exception', () => {
    expect(errs(mt({ image: { url: 'http://img/x.iso', checksum: '', format: 'live-iso' } }, 'v1beta1'))).toEqual([]);
  });

  test('data template network entries need a pool; fromHostInterfaces interface vs fromBootMAC', () => {
    const dt = (spec: any): KubeObject => ({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3DataTemplate', metadata: { name: 'd', namespace: 'default' }, spec: { clusterName: 'c', ...spec } });
    expect(errs(dt({ networkData: { networks: { ipv4: [{ id: 'n', link: 'eth0', fromPoolRef: { name: 'pool' } }] } } }))).toEqual([]);
    expect(errs(dt({ networkData: { networks: { ipv4: [{ id: 'n', link: 'eth0' }] } } }))).toEqual(['capm3/data-template spec.networkData.networks.ipv4[0].fromPoolRef.name: fromPoolRef needs to contain a reference to an IPPool']);
    expect(errs(dt({ metaData: { fromHostInterfaces: [{ key: 'mac', fromBootMAC: true, interface: 'eth0' }] } }))).toEqual([expect.stringMatching(/must be empty when fromBootMAC is true/)]);
    expect(errs(dt({ metaData: { fromHostInterfaces: [{ key: 'mac' }] } }))).toEqual([expect.stringMatching(/interface must be specified when fromBootMAC is false/)]);
  });

  test('Metal3Machine refs stay in the namespace', () => {
    const m: KubeObject = { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3Machine', metadata: { name: 'm', namespace: 'default' }, spec: { image, userData: { name: 'u', namespace: 'other' } } };
    expect(errs(m)).toEqual(['capm3/namespace spec.userData.namespace: "other": cross-namespace secret references are not allowed']);
  });
});

const cluster = (spec: any, name = 'c'): KubeObject => ({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name, namespace: 'default' }, spec });
const md = (spec: any): KubeObject => ({
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'MachineDeployment',
  metadata: { name: 'md', namespace: 'default' },
  spec: {
    clusterName: 'c',
    replicas: 1,
    selector: { matchLabels: { pool: 'a' } },
    template: {
      metadata: { labels: { pool: 'a' } },
      spec: {
        clusterName: 'c',
        version: 'v1.36.3+rke2r1',
        bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'RKE2ConfigTemplate', name: 'b' } },
        infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 't' },
      },
    },
    ...spec,
  },
});

describe('CAPI rules', () => {
  test('Cluster: refs or topology required, CIDRs parse, name is a label value', () => {
    expect(errs(cluster({ infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Cluster', name: 'c' } }))).toEqual([]);
    expect(errs(cluster({ paused: false }))).toEqual(['capi/cluster-refs spec: Forbidden: one of spec.controlPlaneRef, spec.infrastructureRef or spec.topology must be set']);
    expect(errs(cluster({ infrastructureRef: { apiGroup: 'x.io', kind: 'K', name: 'c' }, clusterNetwork: { pods: { cidrBlocks: ['10.244.0.0'] } } })))
      .toEqual(['capi/cidr spec.clusterNetwork.pods.cidrBlocks[0]: Invalid value: "10.244.0.0": invalid CIDR address: 10.244.0.0']);
    expect(errs(cluster({ infrastructureRef: { apiGroup: 'x.io', kind: 'K', name: 'c' } }, 'a'.repeat(64)))).toEqual([expect.stringMatching(/^capi\/cluster-name metadata.name: .* must be a valid label value/)]);
  });

  test('Cluster refs missing from a multi-object set are warnings', () => {
    const c = cluster({ controlPlaneRef: { apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', name: 'c' } });
    const other: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } };
    expect(validateObject(c, [c, other])).toEqual([expect.objectContaining({ severity: 'warning', rule: 'capi/ref', field: 'spec.controlPlaneRef' })]);
  });

  test('MachineDeployment: valid one passes', () => {
    expect(errs(md({}))).toEqual([]);
  });

  test('fails when clusterName differs from the template\'s', () => {
    const o = md({});
    o.spec.template.spec.clusterName = 'other';
    expect(errs(o)).toEqual([expect.stringMatching(/spec.clusterName and spec.template.spec.clusterName must be set to the same value/)]);
  });

  test('fails without bootstrap', () => {
    const o = md({});
    o.spec.template.spec.bootstrap = {};
    expect(errs(o)).toEqual(['capi/md-bootstrap spec.template.spec.bootstrap: Required value: expected either spec.template.spec.bootstrap.dataSecretName or spec.template.spec.bootstrap.configRef to be populated']);
  });

  test('fails on a selector that does not match the template labels (after cluster-name defaulting)', () => {
    expect(errs(md({ selector: { matchLabels: { pool: 'b' } } }))).toEqual(['capi/md-selector spec.template.metadata.labels: must match spec.selector {"pool":"b"}']);
    expect(errs(md({ selector: { matchLabels: { 'cluster.x-k8s.io/cluster-name': 'c' } } }))).toEqual([]);
  });

  test('fails on a version that is not v-prefixed semver; a missing v is defaulted', () => {
    const bad = md({});
    bad.spec.template.spec.version = 'v1.36';
    expect(errs(bad)).toEqual(['capi/version spec.template.spec.version: Invalid value: "v1.36": must be a valid semantic version']);
    // The message quotes what was written, not the defaulted form.
    const noVBad = md({});
    noVBad.spec.template.spec.version = '1.36';
    expect(errs(noVBad)).toEqual(['capi/version spec.template.spec.version: Invalid value: "1.36": must be a valid semantic version']);
    const noV = md({});
    noV.spec.template.spec.version = '1.36.3+rke2r1';
    expect(errs(noV)).toEqual([]);
  });

  test('fails when maxSurge and maxUnavailable are both 0', () => {
    expect(errs(md({ rollout: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } } })))
      .toEqual(['capi/rollout spec.rollout.strategy.rollingUpdate: Invalid value: 0: maxUnavailable and maxSurge cannot both be 0']);
    expect(errs(md({ rollout: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } } }))).toEqual([]);
  });
});

const cp = (spec: any): KubeObject => ({
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2ControlPlane',
  metadata: { name: 'c', namespace: 'default' },
  spec: {
    version: 'v1.36.3+rke2r1',
    replicas: 3,
    rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0 } },
    registrationMethod: 'address',
    registrationAddress: '192.168.125.100',
    machineTemplate: { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 't' } } },
    ...spec,
  },
});

describe('CAPRKE2 rules', () => {
  test('a valid control plane passes', () => {
    expect(errs(cp({}))).toEqual([]);
  });

  test('replicas: ≤ 0 fails, even is a warning', () => {
    expect(errs(cp({ replicas: 0 }))).toEqual(['caprke2/replicas spec.replicas: cannot be less than or equal to 0']);
    expect(validateObject(cp({ replicas: 2 }))).toEqual([expect.objectContaining({ severity: 'warning', rule: 'caprke2/replicas' })]);
  });

  test('registration method address needs an address', () => {
    expect(errs(cp({ registrationAddress: undefined }))).toEqual(["caprke2/registration spec.registrationAddress: registrationAddress must be supplied when using registration method 'address'"]);
  });

  test('control-plane-endpoint needs the Metal3Cluster endpoint host', () => {
    const c = cp({ registrationMethod: 'control-plane-endpoint' });
    const capi = cluster({ controlPlaneRef: { apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', name: 'c' }, infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Cluster', name: 'c' } });
    expect(errs(c, [c, capi, m3c({ controlPlaneEndpoint: { port: 6443 } })])).toEqual([expect.stringMatching(/caprke2\/registration spec.registrationMethod: registration method "control-plane-endpoint" needs a control plane endpoint/)]);
    expect(errs(c, [c, capi, m3c({ controlPlaneEndpoint: { host: '10.0.0.1', port: 6443 } })])).toEqual([]);
  });

  test('machineTemplate is required (and the v1beta1 field is named in the hint)', () => {
    const f = validateObject(cp({ machineTemplate: undefined }));
    expect(f.map(x => x.rule)).toEqual(['caprke2/machine-template']);
  });

  test('rollout: a type other than RollingUpdate (or none) never rolls; maxSurge strings are read with IntValue()', () => {
    expect(errs(cp({ rolloutStrategy: { type: 'OnDelete' } }))).toEqual([expect.stringMatching(/^caprke2\/rollout spec.rolloutStrategy.type: "OnDelete": the controller logs "unknown rollout strategy type"/)]);
    expect(errs(cp({ rolloutStrategy: {} }))).toEqual([expect.stringMatching(/^caprke2\/rollout spec.rolloutStrategy.type: not set/)]);
    expect(validateObject(cp({ rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '50%' } } })))
      .toEqual([expect.objectContaining({ severity: 'warning', rule: 'caprke2/rollout', message: expect.stringContaining('this string means 0') })]);
    expect(validateObject(cp({ rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 2 } } }))).toEqual([]);
  });

  test('multus needs a CNI; negative deletion timeouts fail', () => {
    expect(errs(cp({ serverConfig: { cniMultusEnable: true } }))).toEqual(['caprke2/cni spec.serverConfig.cni: must be specified when cniMultusEnable is true']);
    const c = cp({});
    c.spec.machineTemplate.spec.deletion = { nodeDrainTimeoutSeconds: -1 };
    expect(errs(c)).toEqual(expect.arrayContaining([expect.stringMatching(/nodeDrainTimeoutSeconds: must be greater than or equal to 0/)]));
  });

  test('additionalUserData: data ignored and Butane checked with format ignition', () => {
    // config and data together: the CRD's CEL rule (cel/<group>/<Kind>, the CEL layer); data is ignored with ignition.
    expect(errs(cp({ agentConfig: { format: 'ignition', additionalUserData: { config: 'variant: fcos\nversion: 1.4.0\n', data: { a: 'b' } } } })))
      .toEqual(expect.arrayContaining([
        expect.stringMatching(/^caprke2\/user-data-unused spec.agentConfig.additionalUserData.data: data is ignored/),
        expect.stringMatching(/^cel\/controlplane.cluster.x-k8s.io\/RKE2ControlPlane spec.agentConfig.additionalUserData: .*Only config or data could be populated at once/),
      ]));
    const bad = errs(cp({ agentConfig: { format: 'ignition', additionalUserData: { config: 'variant: fcos\nversion: 1.4.0\nsystemd:\n  units:\n    - name: foo\n' } } }));
    expect(bad).toEqual([expect.stringMatching(/^butane\/unit-extension spec.agentConfig.additionalUserData.config: systemd.units\[0\].name: invalid systemd unit extension/)]);
  });

  test('files: gzip with ignition; permissions without leading zero fail the ignition render, cloud-init reads them as octal', () => {
    expect(errs(cp({ agentConfig: { format: 'ignition' }, files: [{ path: '/x', content: 'y', encoding: 'gzip' }] })))
      .toEqual(['caprke2/files spec.files[0].encoding: encoding gzip is not supported when spec.format is set to "ignition"']);
    expect(errs(cp({ agentConfig: { format: 'ignition' }, files: [{ path: '/x', content: 'y', permissions: '644' }] })))
      .toEqual([expect.stringMatching(/^caprke2\/files-permissions spec.files\[0\].permissions: "644": read as decimal 644/)]);
    expect(validateObject(cp({ files: [{ path: '/x', content: 'y', permissions: '644' }] }))).toEqual([]);
  });

  test('private registry configs need authSecret or tls', () => {
    expect(errs(cp({ privateRegistriesConfig: { configs: { 'registry.example.com': {} } } })))
      .toEqual(['caprke2/registries spec.privateRegistriesConfig.configs[registry.example.com]: need either credentials, tls settings or both for registry: registry.example.com']);
  });

  test('RKE2ConfigTemplate is checked although its upstream webhook validates nothing', () => {
    const t: KubeObject = {
      apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
      kind: 'RKE2ConfigTemplate',
      metadata: { name: 'w', namespace: 'default' },
      spec: { template: { spec: { agentConfig: { format: 'ignition', additionalUserData: { config: 'variant: fcos\nversion: 1.4.0\nstorage:\n  files:\n    - path: relative/x\n' } } } } },
    };
    expect(errs(t)).toEqual([expect.stringMatching(/^butane\/path-not-absolute spec.template.spec.agentConfig.additionalUserData.config: storage.files\[0\].path/)]);
  });
});
