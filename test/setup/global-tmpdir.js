// jest globalSetup: the whole run gets its own temporary directory (TMPDIR, inherited by the
// workers and every process they start), removed by global-tmpdir-teardown.js. cdk8s'
// Testing.app() makes a directory per app in os.tmpdir() and never removes it: ~90,000 empty
// directories had piled up in /tmp from runs of this suite, slowing every file operation there.
// Plain JavaScript: global setup runs in jest's parent process, outside the projects' transform.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  process.env.CDK8S_CAPI_JEST_OUTER_TMPDIR = process.env.TMPDIR ?? '';
  process.env.TMPDIR = mkdtempSync(join(tmpdir(), 'cdk8s-capi-jest-'));
};
