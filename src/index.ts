// Public API of cdk8s-capi.
export * from './core/errors';
export * from './baremetal/host';
export * from './baremetal/bmc-credentials';
export * from './baremetal/bmc-address';
export * from './baremetal/bmc-drivers';
export * from './baremetal/mac';
export * from './baremetal/bare-metal-host-enrollment';
export * from './validate/schema';
export * from './validate/validate';
