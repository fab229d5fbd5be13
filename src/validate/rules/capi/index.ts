// Cluster API v1.13.5 webhook rules, applied after CAPI's own defaulting so hand-written
// manifests are judged as the server would: v1beta2 objects, and v1beta1 objects where the same
// rule reads a field both layouts have (upstream converts them and validates the result).
import { clusterRules } from './cluster';
import { clusterClassRules } from './cluster-class';
import { machineRules } from './machine';
import { machineHealthCheckRules } from './machine-health-check';
import { machineSetLikeRules } from './machine-sets';
import { RuleTable } from '../rule';

export { CLUSTER_NAME_LABEL } from './machine-sets';

export const CAPI_RULES: RuleTable = {
  'cluster.x-k8s.io/Cluster': [clusterRules],
  'cluster.x-k8s.io/ClusterClass': [clusterClassRules],
  'cluster.x-k8s.io/MachineDeployment': [o => machineSetLikeRules(o, 'MachineDeployment')],
  'cluster.x-k8s.io/MachineSet': [o => machineSetLikeRules(o, 'MachineSet')],
  'cluster.x-k8s.io/Machine': [machineRules],
  'cluster.x-k8s.io/MachineHealthCheck': [machineHealthCheckRules],
};
