// Tinkerbell v0.12.2 (tink) and the EKS Anywhere v0.26.1 hardware.csv reader: the hardware-csv/*
// rules (validate/eksa/hardware-csv.ts, hardware.ts). tinkerbell.org/Hardware objects are checked by
// the CRD schema layer only (schema/*): no Hardware webhook is active at tink v0.12.2. Research:
// docs/upstream-coverage/tinkerbell.md.
import { CheckKind, ProjectCatalog, UpstreamRef } from './entry';

const csv = (path: string, symbol: string): UpstreamRef =>
  ({ repo: 'aws/eks-anywhere', tag: 'v0.26.1', path: `pkg/providers/tinkerbell/hardware/${path}`, symbol });
const tink = (path: string, symbol: string): UpstreamRef => ({ repo: 'tinkerbell/tink', tag: 'v0.12.2', path, symbol });
const HW = ['tinkerbell.org/Hardware'];
const FILE = ['hardware.csv'];

export const TINKERBELL: ProjectCatalog = {
  project: 'Tinkerbell v0.12.2 and EKS Anywhere v0.26.1 hardware.csv',
  families: ['hardware-csv'],
  entries: [
    {
      id: 'hardware-csv/header',
      kinds: FILE,
      what: 'the required columns (hostname, ip_address, netmask, gateway, nameservers, mac, disk, labels) once each; unknown columns are ignored (a warning)',
      kind: CheckKind.TOOL,
      upstream: [csv('csv.go', 'ensureRequiredColumnsInCSV')],
    },
    {
      id: 'hardware-csv/labels',
      kinds: FILE,
      what: 'labels are key=value pairs separated by |, each with exactly one =',
      kind: CheckKind.TOOL,
      upstream: [csv('machine.go', 'Labels.UnmarshalCSV')],
    },
    {
      id: 'hardware-csv/row',
      kinds: FILE,
      what: 'each row: IPs, netmask, nameservers, MAC, hostname, disk path, label keys/values, BMC columns, VLAN 1–4094; unique IPs, MACs, hostnames, BMC IPs',
      kind: CheckKind.TOOL,
      upstream: [csv('validator.go', 'StaticMachineAssertions'), csv('validator.go', 'UniqueIPAddress'), csv('validator.go', 'UniqueMACAddress'), csv('validator.go', 'UniqueHostnames'),
        csv('validator.go', 'UniqueBMCIPAddress')],
      stricterThanUpstream: 'a netmask that is not a dotted-quad mask is a warning (eksctl only requires one)',
    },
    { id: 'hardware-csv/syntax', kinds: FILE, what: 'the file parses as CSV', kind: CheckKind.TOOL, upstream: [csv('csv.go', 'NewCSVReader')] },
  ],
  notPorted: [
    {
      kinds: HW,
      what: 'v1alpha2 Hardware admission (DHCP config, MAC format, MACs/IPs unique across Hardware)',
      kind: CheckKind.WEBHOOK,
      upstream: tink('internal/hardware/admission_mac.go', 'validateMACs'),
      why: 'inactive at v0.12.2: no webhook is registered and the CRD serves v1alpha1 only; within one manifest set set/duplicate-mac covers MACs',
    },
    {
      kinds: ['tinkerbell.org/Workflow'],
      what: 'a Workflow\'s hardwareRef names an existing Hardware; its template renders with the Hardware\'s disks',
      kind: CheckKind.CONTROLLER,
      upstream: tink('internal/deprecated/workflow/reconciler.go', 'processNewWorkflow'),
      why: 'Workflows are created at provisioning time by the Tinkerbell CAPI provider, never written by users',
    },
    {
      kinds: FILE,
      what: 'BMC username/password not required when RPC BMC options are given',
      kind: CheckKind.TOOL,
      upstream: csv('validator.go', 'StaticMachineAssertions'),
      why: 'RPC BMC options come from eksctl flags, not the file: we always require the credentials with a BMC',
    },
    {
      kinds: FILE,
      what: 'rows already registered on the management cluster are dropped, unprovisioned Hardware is added',
      kind: CheckKind.TOOL,
      upstream: { repo: 'aws/eks-anywhere', tag: 'v0.26.1', path: 'pkg/providers/tinkerbell/create.go', symbol: 'getHardwareFromManagementCluster' },
      why: 'needs the live management cluster',
    },
    {
      kinds: FILE,
      what: 'BMCs become contactable',
      kind: CheckKind.TOOL,
      upstream: { repo: 'aws/eks-anywhere', tag: 'v0.26.1', path: 'pkg/providers/tinkerbell/create.go', symbol: 'applyHardware' },
      why: 'needs the BMCs on the network',
    },
  ],
};
