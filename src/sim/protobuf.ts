// Decoding of the Kubernetes protobuf request bodies kubectl sends for built-in kinds
// (`Content-Type: application/vnd.kubernetes.protobuf`): the `k8s\0` + runtime.Unknown
// envelope around Namespace, ConfigMap, Secret and DeleteOptions. Field numbers follow the
// upstream generated.proto files. Other kinds are answered with 415.
import { unsupportedMediaType } from './errors';

type FieldType = 'string' | 'bytes' | 'int64' | 'bool' | 'message' | 'map-string' | 'map-bytes' | 'time';

interface FieldDesc {
  readonly name: string;
  readonly type: FieldType;
  readonly repeated?: boolean;
  readonly msg?: Desc;
}

type Desc = Record<number, FieldDesc>;

const OWNER_REF: Desc = {
  1: { name: 'kind', type: 'string' },
  3: { name: 'name', type: 'string' },
  4: { name: 'uid', type: 'string' },
  5: { name: 'apiVersion', type: 'string' },
  6: { name: 'controller', type: 'bool' },
  7: { name: 'blockOwnerDeletion', type: 'bool' },
};

const OBJECT_META: Desc = {
  1: { name: 'name', type: 'string' },
  2: { name: 'generateName', type: 'string' },
  3: { name: 'namespace', type: 'string' },
  5: { name: 'uid', type: 'string' },
  6: { name: 'resourceVersion', type: 'string' },
  7: { name: 'generation', type: 'int64' },
  8: { name: 'creationTimestamp', type: 'time' },
  9: { name: 'deletionTimestamp', type: 'time' },
  11: { name: 'labels', type: 'map-string' },
  12: { name: 'annotations', type: 'map-string' },
  13: { name: 'ownerReferences', type: 'message', repeated: true, msg: OWNER_REF },
  14: { name: 'finalizers', type: 'string', repeated: true },
};

const KINDS: Record<string, Desc> = {
  Namespace: { 1: { name: 'metadata', type: 'message', msg: OBJECT_META }, 2: { name: 'spec', type: 'message', msg: { 1: { name: 'finalizers', type: 'string', repeated: true } } } },
  ConfigMap: {
    1: { name: 'metadata', type: 'message', msg: OBJECT_META },
    2: { name: 'data', type: 'map-string' },
    3: { name: 'binaryData', type: 'map-bytes' },
    4: { name: 'immutable', type: 'bool' },
  },
  Secret: {
    1: { name: 'metadata', type: 'message', msg: OBJECT_META },
    2: { name: 'data', type: 'map-bytes' },
    3: { name: 'type', type: 'string' },
    4: { name: 'stringData', type: 'map-string' },
    5: { name: 'immutable', type: 'bool' },
  },
  DeleteOptions: {
    1: { name: 'gracePeriodSeconds', type: 'int64' },
    2: { name: 'preconditions', type: 'message', msg: { 1: { name: 'uid', type: 'string' }, 2: { name: 'resourceVersion', type: 'string' } } },
    3: { name: 'orphanDependents', type: 'bool' },
    4: { name: 'propagationPolicy', type: 'string' },
    5: { name: 'dryRun', type: 'string', repeated: true },
  },
};

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  get done(): boolean {
    return this.pos >= this.buf.length;
  }
  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.buf.length) throw new Error('truncated varint');
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
    }
  }
  bytes(): Buffer {
    const n = Number(this.varint());
    const out = this.buf.subarray(this.pos, this.pos + n);
    if (out.length !== n) throw new Error('truncated field');
    this.pos += n;
    return out;
  }
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) this.bytes();
    else if (wire === 5) this.pos += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
}

function decodeMessage(buf: Buffer, desc: Desc): any {
  const r = new Reader(buf);
  const out: any = {};
  while (!r.done) {
    const tag = Number(r.varint());
    const num = tag >>> 3;
    const wire = tag & 7;
    const f = desc[num];
    if (!f) {
      r.skip(wire);
      continue;
    }
    let v: any;
    switch (f.type) {
      case 'string': v = r.bytes().toString('utf8'); break;
      case 'bytes': v = r.bytes().toString('base64'); break;
      case 'int64': v = Number(BigInt.asIntN(64, r.varint())); break;
      case 'bool': v = r.varint() !== 0n; break;
      case 'message': v = decodeMessage(r.bytes(), f.msg!); break;
      case 'time': {
        const t = decodeMessage(r.bytes(), { 1: { name: 'seconds', type: 'int64' } });
        v = new Date((t.seconds ?? 0) * 1000).toISOString().replace('.000Z', 'Z');
        break;
      }
      case 'map-string':
      case 'map-bytes': {
        const e = decodeMessage(r.bytes(), { 1: { name: 'k', type: 'string' }, 2: { name: 'v', type: f.type === 'map-bytes' ? 'bytes' : 'string' } });
        out[f.name] = { ...(out[f.name] ?? {}), [e.k ?? '']: e.v ?? '' };
        continue;
      }
    }
    if (f.repeated) (out[f.name] ??= []).push(v);
    else out[f.name] = v;
  }
  return out;
}

const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

/** Decodes a `k8s\0`-prefixed protobuf body into the JSON form; 415 for kinds it does not know. */
export function decodeKubeProtobuf(body: Buffer): any {
  if (body.length < 4 || !body.subarray(0, 4).equals(MAGIC)) {
    throw unsupportedMediaType('application/vnd.kubernetes.protobuf', ['application/json', 'application/yaml']);
  }
  const unknown = decodeMessage(body.subarray(4), {
    1: { name: 'typeMeta', type: 'message', msg: { 1: { name: 'apiVersion', type: 'string' }, 2: { name: 'kind', type: 'string' } } },
    2: { name: 'raw', type: 'bytes' },
  });
  const kind: string = unknown.typeMeta?.kind ?? '';
  const desc = KINDS[kind];
  if (!desc) throw unsupportedMediaType(`application/vnd.kubernetes.protobuf (${kind || 'unknown kind'})`, ['application/json', 'application/yaml']);
  const obj = decodeMessage(Buffer.from(unknown.raw ?? '', 'base64'), desc);
  return { apiVersion: unknown.typeMeta.apiVersion, kind, ...obj };
}
