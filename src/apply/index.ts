// `cdk8s-capi/apply`: the applier as a library — plan, readiness rules, apply/wait, delete,
// status, upgrade, backup and restore over plain manifests (ours or hand-written).
export * from './plan';
export * from './readiness/types';
export * from './readiness/rules';
export * from './timeouts';
export * from './events';
export * from './kube';
export * from './engine/kube-client';
export * from './engine/kube-errors';
export { RetryPolicy, DEFAULT_RETRY, isTransient } from './engine/retry';
export * from './engine/run-error';
export * from './applier';
export { ObjectRef, refOf, describeRef } from '../core/object-ref';
export { keyOf, objectKey } from '../core/object-key';
export * from './delete-objects';
export * from './status';
export { Upgrader, UpgradeOptions, UpgradeResult, UpgradeEvent, PreflightError } from './upgrader';
export {
  FieldChangeType, FieldChange, ChangeAction, ObjectChange, diffSets, diffObject, formatChanges,
} from './upgrade-diff';
export {
  UpgradePreflight, UpgradePreflightInput, PreflightItem, upgradePreflights, formatUpgradePreflights, preflightsPassed,
} from './upgrade-preflights';
export {
  BackupContent, BackupIndex, BackupOptions, SecretEntry, SecretRole, BackupError, collectBackup, writeBackup, readBackup,
  CLUSTER_NAME_LABEL, BACKUP_FORMAT,
} from './backup';
export { restoreBackup, RestoreOptions, RestoreResult, RESTORE_FIELD_MANAGER } from './restore-backup';
export { ProgressMode, ProgressRenderer, rendererFor } from './progress';
