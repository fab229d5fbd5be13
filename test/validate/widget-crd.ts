// A tiny CRD exercising each structural-schema extension the converter must honour (shared by
// the schema and precompiled-validator tests).
export const WIDGET_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                required: ['size'],
                properties: {
                  size: { 'x-kubernetes-int-or-string': true, 'anyOf': [{ type: 'integer' }, { type: 'string' }] },
                  color: { type: 'string', enum: ['red', 'blue'] },
                  note: { type: 'string', nullable: true },
                  free: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  labels: { type: 'object', additionalProperties: { type: 'string' } },
                  template: { 'type': 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
                  ports: {
                    'type': 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['name'],
                    'items': { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer', format: 'int32', minimum: 1 } } },
                  },
                  tags: { 'type': 'array', 'x-kubernetes-list-type': 'set', 'items': { type: 'string' } },
                  url: { type: 'string', format: 'uri' },
                  description: { type: 'string' },
                },
              },
              status: { type: 'object', properties: { ready: { type: 'boolean' } } },
            },
          },
        },
      },
      {
        name: 'v0',
        served: true,
        storage: false,
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { oldSize: { type: 'integer' } } } } } },
      },
      { name: 'vOld', served: false, storage: false, schema: { openAPIV3Schema: { type: 'object' } } },
    ],
  },
};
