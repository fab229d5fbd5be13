// jest globalTeardown: removes the run's temporary directory (global-tmpdir.js).
const { rmSync } = require('node:fs');

module.exports = async () => {
  const mine = process.env.TMPDIR;
  const outer = process.env.CDK8S_CAPI_JEST_OUTER_TMPDIR;
  if (outer) process.env.TMPDIR = outer;
  else delete process.env.TMPDIR;
  if (mine && /cdk8s-capi-jest-/.test(mine)) rmSync(mine, { recursive: true, force: true });
};
