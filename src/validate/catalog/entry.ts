// The rule catalog: every rule id the validator can report, with where upstream makes the same
// check (repository, path and function at the pinned tag) or why we check something upstream
// does not; and every upstream check we deliberately do not port, with the reason. It is the
// source of docs/upstream-coverage.md and of the test that keeps rules, citations and cases in step.

/** Where upstream makes a check, at the tag we pin. */
export interface UpstreamRef {
  /** owner/name on GitHub, e.g. `kubernetes-sigs/cluster-api`. */
  readonly repo: string;
  /** The pinned tag, e.g. `v1.13.5` (imports/crds.lock.json). */
  readonly tag: string;
  /** File in the repository, e.g. `internal/webhooks/machinedeployment.go`. */
  readonly path: string;
  /** Function, method or CRD field path (for CEL rules), e.g. `validateRolloutStrategy`. */
  readonly symbol: string;
}

/** How the upstream check runs. */
export enum CheckKind {
  /** A validating admission webhook (create and/or update). */
  WEBHOOK = 'webhook',
  /** A defaulting webhook whose result we model before checking. */
  DEFAULTING = 'defaulting',
  /** A CRD `x-kubernetes-validations` CEL rule. */
  CEL = 'cel',
  /** A controller that fails deterministically on the spec (the API server accepts it). */
  CONTROLLER = 'controller',
  /** A client-side tool check (eksctl preflights, Butane, Ignition). */
  TOOL = 'tool',
  /** The API server itself (structural schema, ObjectMeta). */
  API_SERVER = 'api-server',
}

/** When the check runs: on every object, or only against the previous version (`--against`). */
export enum CheckWhen {
  CREATE = 'create',
  UPDATE = 'update',
  BOTH = 'both',
}

/** One rule id we report. */
export interface CatalogEntry {
  /** The finding's rule id, e.g. `capi/md-selector`. */
  readonly id: string;
  /** `group/Kind` it applies to (core group: `/Kind`); `*` for every kind. */
  readonly kinds: readonly string[];
  /** What it rejects, in one line. */
  readonly what: string;
  readonly kind: CheckKind;
  /** @default CheckWhen.CREATE (also on update, as upstream's create+update webhooks) */
  readonly when?: CheckWhen;
  /** Where upstream makes this check (one or more places). */
  readonly upstream?: readonly UpstreamRef[];
  /** For a check upstream does not make: why we make it (then there is no upstream ref). */
  readonly ours?: string;
  /** Where ours is stricter than upstream, the rule reports a warning; say what upstream accepts. */
  readonly stricterThanUpstream?: string;
  /**
   * Mistakes real users reported upstream that this rule catches, as `owner/repo#number` (an issue
   * or pull request). Such a rule has a reject case built from the report (its `source` is the
   * reference) and an accept case of the fixed manifest. An error where the result is certain to
   * fail, a warning where it usually does.
   */
  readonly fieldReports?: readonly string[];
}

/** `owner/repo#number`: how a field report is cited. */
export const FIELD_REPORT_REF = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+#[1-9][0-9]*$/;

/** An upstream check we do not port, and why (e.g. it needs live cluster state). */
export interface NotPorted {
  readonly kinds: readonly string[];
  readonly what: string;
  readonly kind: CheckKind;
  readonly upstream: UpstreamRef;
  readonly why: string;
}

/** One project's part of the catalog (a file per upstream project under catalog/). */
export interface ProjectCatalog {
  /** Shown in the coverage matrix, e.g. `Cluster API v1.13.5`. */
  readonly project: string;
  /** The rule id families this project owns, e.g. `['capi']` for `capi/*`. */
  readonly families: readonly string[];
  readonly entries: readonly CatalogEntry[];
  readonly notPorted: readonly NotPorted[];
}
