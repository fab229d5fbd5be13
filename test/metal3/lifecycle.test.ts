// Metal3 templates used on their own: the content-hash guard and the final-JSON checks at synth.
import { App, Chart, JsonPatch, Testing } from 'cdk8s';
import { Metal3DataTemplate } from '../../src/metal3/data-template';
import { Metal3MachineTemplate } from '../../src/metal3/machine-template';

function setup(): { app: App; machine: Metal3MachineTemplate; data: Metal3DataTemplate } {
  const app = Testing.app();
  const chart = new Chart(app, 'test', { disableResourceNameHashes: true });
  const data = new Metal3DataTemplate(chart, 'data', { baseName: 'pool-template', namespace: 'default', clusterName: 'site1' });
  const machine = new Metal3MachineTemplate(chart, 'machine', { baseName: 'pool', namespace: 'default', image: { url: 'http://img/a.raw' }, dataTemplate: data });
  return { app, machine, data };
}

const synthError = (app: App): string => {
  try {
    app.synthYaml();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('synth did not fail');
};

describe('Metal3 templates on their own', () => {
  test('synthesize; a metadata edit is in the output', () => {
    const { app, machine } = setup();
    machine.apiObject.metadata.addLabel('team', 'edge');
    expect(app.synthYaml()).toContain('team: edge');
  });

  test('fails synth for an escape-hatch edit of the hashed content, at the template\'s path', () => {
    const { app, machine, data } = setup();
    machine.apiObject.addJsonPatch(JsonPatch.replace('/spec/template/spec/image/url', 'http://img/b.raw'));
    data.apiObject.addJsonPatch(JsonPatch.replace('/spec/metaData/objectNames/0/key', 'hostname'));
    const message = synthError(app);
    expect(message).toContain(`[test/machine] Metal3MachineTemplate/${machine.name} spec.template.spec.image.url: changed after construction`);
    expect(message).toContain(`[test/data] Metal3DataTemplate/${data.name} spec.metaData.objectNames[0].key: changed after construction`);
  });

  test('accepts new content under a new name', () => {
    const { app, machine } = setup();
    machine.apiObject.addJsonPatch(
      JsonPatch.replace('/metadata/name', 'pool-v2'),
      JsonPatch.replace('/spec/template/spec/image/url', 'http://img/b.raw'),
    );
    expect(app.synthYaml()).toContain('name: pool-v2');
  });

  test('fails synth for an edit that breaks the schema (checked on its own too)', () => {
    const { app, machine } = setup();
    machine.apiObject.addJsonPatch(JsonPatch.replace('/metadata/name', 'pool-v2'), JsonPatch.replace('/spec/template/spec/image/checksumType', 'auto'));
    expect(synthError(app)).toContain('[test/machine] Metal3MachineTemplate/pool-v2 spec.template.spec.image.checksumType: Unsupported value: "auto" (supported values: "md5", "sha256", "sha512")');
  });
});

describe('Metal3MachineTemplate hostSelector', () => {
  test('DoesNotExist is written as CAPM3\'s "!", which CAPM3 reads as does-not-exist', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'test', { disableResourceNameHashes: true });
    new Metal3MachineTemplate(chart, 'machine', {
      baseName: 'pool',
      namespace: 'default',
      image: { url: 'http://img/a.raw' },
      hostSelector: { matchLabels: { role: 'worker' }, matchExpressions: [{ key: 'gpu', operator: 'DoesNotExist' }, { key: 'rack', operator: 'In', values: ['r1'] }] },
    });
    const spec = Testing.synth(chart)[0].spec.template.spec;
    expect(spec.hostSelector.matchExpressions).toEqual([{ key: 'gpu', operator: '!', values: [] }, { key: 'rack', operator: 'In', values: ['r1'] }]);
  });
});
