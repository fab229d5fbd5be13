// Removes the prose from an openAPIV3Schema: descriptions become doc comments in generated code,
// and neither upstream prose nor its size belongs in our outputs. Property *names* are kept
// (a field may itself be called `description`).
const NODE_MAPS = ['properties', 'patternProperties', 'definitions'];
const NODE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const NODE_ONE = ['not', 'additionalItems'];

export function stripSchema(node: any): any {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: any = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'description') continue;
    if (NODE_MAPS.includes(k) && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, child]) => [name, stripSchema(child)]));
    } else if (NODE_LISTS.includes(k) && Array.isArray(v)) {
      out[k] = v.map(stripSchema);
    } else if (k === 'items') {
      out[k] = Array.isArray(v) ? v.map(stripSchema) : stripSchema(v);
    } else if ((k === 'additionalProperties' || NODE_ONE.includes(k)) && typeof v === 'object') {
      out[k] = stripSchema(v);
    } else {
      out[k] = v;
    }
  }
  return out;
}
