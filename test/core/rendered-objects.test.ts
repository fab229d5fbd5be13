import { ApiObject, Chart, JsonPatch, Lazy, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { ValidationError } from '../../src/core/errors';
import { error, warning, ObjectFinding } from '../../src/core/finding';
import { KubeObject } from '../../src/core/kube-object';
import { RenderedObjects } from '../../src/core/rendered-objects';

/** A check that refuses `data.bad` and counts its runs. */
function counter() {
  const calls: number[] = [];
  const check = (objects: readonly KubeObject[]): ObjectFinding[] => {
    calls.push(objects.length);
    return objects.flatMap(object => [
      ...(object.data?.bad !== undefined ? [{ object, finding: error('test/bad', 'data.bad', `${JSON.stringify(object.data.bad)} is not allowed`, 'remove data.bad') }] : []),
      { object, finding: warning('test/warn', 'data', 'warnings never fail') },
    ]);
  };
  return { calls, check };
}

function setup() {
  const app = Testing.app();
  const chart = new Chart(app, 'chart', { disableResourceNameHashes: true });
  const owner = new Construct(chart, 'owner');
  const objects: ApiObject[] = [new ApiObject(owner, 'a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } } as any)];
  const { calls, check } = counter();
  const rendered = new RenderedObjects(owner, { objects: () => objects, check });
  return { app, chart, owner, objects, calls, rendered };
}

describe('RenderedObjects', () => {
  test('checkNow renders and checks; synth skips the checks while the final JSON is what passed', () => {
    const { app, calls, rendered } = setup();
    rendered.checkNow();
    expect(calls).toEqual([1]);
    app.synthYaml();
    app.synthYaml();
    expect(calls).toEqual([1]);
  });

  test('fails at construction naming the owner path, Kind/name, field and fix', () => {
    const { objects, owner, rendered } = setup();
    objects.push(new ApiObject(owner, 'b', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: { bad: 'x' } } as any));
    expect(() => rendered.checkNow()).toThrow(ValidationError);
    expect(() => rendered.checkNow()).toThrow('chart/owner: ConfigMap/b data.bad: "x" is not allowed (remove data.bad)');
  });

  test('an escape-hatch edit is checked at synth, and only then re-checked', () => {
    const { app, objects, calls, rendered } = setup();
    rendered.checkNow();
    objects[0].addJsonPatch(JsonPatch.add('/data/other', 'ok'));
    expect(app.synthYaml()).toContain('other: ok');
    expect(calls).toEqual([1, 1]);
    app.synthYaml();
    expect(calls).toEqual([1, 1]);
  });

  test('fails synth for an edit that breaks a check: [path] Kind/name field: message (fix)', () => {
    const { app, objects, rendered } = setup();
    rendered.checkNow();
    objects[0].addJsonPatch(JsonPatch.add('/data/bad', 'y'));
    expect(() => app.synthYaml()).toThrow('Validation failed with the following errors:\n  [chart/owner] ConfigMap/a data.bad: "y" is not allowed (remove data.bad)');
  });

  test('fails synth for an invalid object added after construction (it is part of the next check)', () => {
    const { app, objects, owner, calls, rendered } = setup();
    rendered.checkNow();
    objects.push(new ApiObject(owner, 'b', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: { bad: 'z' } } as any));
    expect(() => app.synthYaml()).toThrow(/ConfigMap\/b data.bad: "z" is not allowed/);
    expect(calls).toEqual([1, 2]);
  });

  test('render() is the final JSON and the caller\'s own copy', () => {
    const { objects, rendered } = setup();
    const first = rendered.render();
    first[0].data.k = 'changed';
    expect(rendered.render()[0].data).toEqual({ k: 'v' });
    objects[0].metadata.addLabel('x', 'y');
    expect(rendered.render()[0].metadata?.labels).toEqual({ x: 'y' });
  });

  test('checkAlways runs at every synth validation, on the same rendering', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'chart', { disableResourceNameHashes: true });
    const obj = new ApiObject(chart, 'a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
    let fail = false;
    let runs = 0;
    new RenderedObjects(chart, {
      objects: () => [obj],
      checkAlways: objects => {
        runs++;
        return fail ? [{ object: objects[0], finding: error('test/outside', 'metadata', 'something outside changed') }] : [];
      },
    });
    app.synthYaml();
    fail = true;
    expect(() => app.synthYaml()).toThrow('[chart] ConfigMap/a metadata: something outside changed');
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  test('fails synth once for an object check, run by the ancestor that renders the object instead of its owner', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'chart', { disableResourceNameHashes: true });
    const outer = new Construct(chart, 'outer');
    const inner = new Construct(outer, 'inner');
    const obj = new ApiObject(inner, 'a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } } as any);
    RenderedObjects.addObjectCheck(obj, json => (json.data?.k !== 'v' ? [error('test/k', 'data.k', 'must stay v')] : []));
    new RenderedObjects(inner, { objects: () => [obj] });
    const outerRendered = new RenderedObjects(outer, { objects: () => [obj] });
    outerRendered.checkNow();
    obj.addJsonPatch(JsonPatch.replace('/data/k', 'w'));
    // Reported once, by the ancestor.
    expect(() => app.synthYaml()).toThrow(/^Validation failed with the following errors:\n {2}\[chart\/outer\] ConfigMap\/a data.k: must stay v$/);
  });

  test('validateAll: node.validate() of a whole tree with each object rendered once', () => {
    const { chart, objects, rendered } = setup();
    rendered.checkNow();
    const spy = jest.spyOn(objects[0], 'toJson');
    new RenderedObjects(chart, { objects: () => [], checkAlways: () => (RenderedObjects.finalJson(objects[0]), []) });
    expect(RenderedObjects.validateAll(chart)).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
    objects[0].addJsonPatch(JsonPatch.add('/data/bad', 1));
    expect(RenderedObjects.validateAll(chart)).toEqual(['[chart/owner] ConfigMap/a data.bad: 1 is not allowed (remove data.bad)']);
  });

  test('_validated() is what passed last: the construction rendering, then the synth one after an edit', () => {
    const { objects, chart, rendered } = setup();
    expect(() => rendered._validated()).toThrow(/no validated rendering yet/);
    rendered.checkNow();
    expect(rendered._validated()[0].data).toEqual({ k: 'v' });
    objects[0].addJsonPatch(JsonPatch.add('/data/k2', 'v2'));
    RenderedObjects.validateAll(chart);
    expect(rendered._validated()[0].data).toEqual({ k: 'v', k2: 'v2' });
  });

  describe('sealed objects', () => {
    function sealedSetup() {
      const app = Testing.app();
      const chart = new Chart(app, 'chart', { disableResourceNameHashes: true });
      const props = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', labels: { app: 'x' } }, data: { k: 'v' } };
      const obj = RenderedObjects.seal(new ApiObject(chart, 'a', props as any), props);
      const { calls, check } = counter();
      const rendered = new RenderedObjects(chart, { objects: () => [obj], check });
      rendered.checkNow();
      return { app, chart, obj, props, calls, rendered, spy: jest.spyOn(obj, 'toJson') };
    }

    test('an untouched sealed object is not rendered again for a synth validation', () => {
      const { chart, spy, calls } = sealedSetup();
      expect(RenderedObjects.validateAll(chart)).toEqual([]);
      expect(RenderedObjects.finalJson(chart.node.findChild('a') as ApiObject).data).toEqual({ k: 'v' });
      expect(spy).not.toHaveBeenCalled();
      expect(calls).toEqual([1]);
    });

    test('fails synth for a JSON patch on a sealed object; a metadata edit is noticed and re-checked too', () => {
      const first = sealedSetup();
      first.obj.addJsonPatch(JsonPatch.add('/data/bad', 'p'));
      expect(RenderedObjects.validateAll(first.chart)).toEqual(['[chart] ConfigMap/a data.bad: "p" is not allowed (remove data.bad)']);
      const second = sealedSetup();
      second.obj.metadata.addLabel('tier', 'web');
      expect(RenderedObjects.validateAll(second.chart)).toEqual([]);
      expect(second.calls).toEqual([1, 1]);
      expect(second.rendered._validated()[0].metadata?.labels).toEqual({ app: 'x', tier: 'web' });
    });

    test('a sealed object with a Lazy value is rendered again when its version changes', () => {
      const app = Testing.app();
      const chart = new Chart(app, 'chart', { disableResourceNameHashes: true });
      let text = 'one';
      const props = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: Lazy.any({ produce: () => text }) } };
      const obj = RenderedObjects.seal(new ApiObject(chart, 'a', props as any), props, () => text);
      const { calls, check } = counter();
      const rendered = new RenderedObjects(chart, { objects: () => [obj], check });
      rendered.checkNow();
      const spy = jest.spyOn(obj, 'toJson');
      RenderedObjects.validateAll(chart);
      expect(spy).not.toHaveBeenCalled();
      text = 'two';
      RenderedObjects.validateAll(chart);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(calls).toEqual([1, 1]);
      expect(rendered._validated()[0].data).toEqual({ k: 'two' });
      expect(RenderedObjects.unpatched(obj)).toBe(false);
    });

    test('unpatched: sealed and without JSON patch (metadata edits do not count); unknown objects are not', () => {
      const { chart, obj } = sealedSetup();
      obj.metadata.addLabel('tier', 'web');
      expect(RenderedObjects.unpatched(obj)).toBe(true);
      obj.addJsonPatch(JsonPatch.add('/data/x', 'y'));
      expect(RenderedObjects.unpatched(obj)).toBe(false);
      expect(RenderedObjects.unpatched(new ApiObject(chart, 'plain', { apiVersion: 'v1', kind: 'ConfigMap' }))).toBe(false);
    });

    test('fails (TypeError) when the sealed props are changed', () => {
      const { props } = sealedSetup();
      expect(() => { props.data.k = 'w'; }).toThrow(TypeError);
      expect(() => { props.metadata.labels.app = 'y'; }).toThrow(TypeError);
    });
  });
});
