// `cdk8s-capi plan NEW… --against OLD… | --live`: what an apply of the new manifests would
// change, object by object and field by field, and the upgrade preflights (001's validation
// phase) — without changing anything. Exit 1 when a preflight fails.
import { Command, Option } from 'commander';
import { EnvFileFlags, addEnvFileFlag, substituteOrFail, variablesFor } from './env-file-flag';
import { runFleetPlan } from './fleet';
import { addFleetFlags, fleetFlagsGiven } from './fleet-flags';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect } from './kube-flags';
import { loadForCluster, objectsOf } from './load';
import { manifestCheck } from './manifest-check';
import { isFleetDir } from '../apply/fleet/discover';
import { FleetFlags } from '../apply/fleet/settings';
import { Redactor } from '../apply/redact';
import { ObjectChange, diffSets, formatChanges } from '../apply/upgrade-diff';
import { keyOfObject, preflightInputOf, readLive, serverPreflights } from '../apply/upgrade-live';
import { Locate, UpgradePreflight, formatUpgradePreflights, preflightsPassed, upgradePreflights } from '../apply/upgrade-preflights';
import { ExitCode, UsageError } from '../core/errors';
import { groupOf } from '../core/gvk';
import { LoadedManifest } from '../validate/manifest-files';

interface PlanFlags extends KubeFlags, EnvFileFlags, FleetFlags {
  against?: string[];
  live?: boolean;
  output: string;
}


/** file:line of the manifest an object (or its dry-run result) came from. */
export { manifestCheck };

export function locator(manifests: readonly LoadedManifest[]): Locate {
  return (o, field) => {
    if (!o) return undefined;
    const m = manifests.find(x => x.object === o) ?? manifests.find(x => x.object.kind === o.kind && groupOf(x.object) === groupOf(o)
      && x.object.metadata?.name === o.metadata?.name
      && (x.object.metadata?.namespace === undefined || x.object.metadata.namespace === o.metadata?.namespace));
    return m ? `${m.file}:${m.lineOf(field)}` : undefined;
  };
}

export interface PlanReport {
  readonly changes: ObjectChange[];
  readonly preflights: UpgradePreflight[];
  readonly locate: Locate;
}

export async function planAgainst(paths: string[], against: string[], io: CliIo): Promise<PlanReport> {
  const input = loadForCluster(paths, io);
  const objects = objectsOf(input);
  const oldObjects = objectsOf(loadForCluster(against, io, { against: true }));
  return {
    changes: diffSets(oldObjects, objects),
    preflights: [manifestCheck(input), ...upgradePreflights({ old: oldObjects, new: objects })],
    locate: locator(input.manifests),
  };
}

/**
 * The live plan: placeholders substituted as apply would (an unset variable is exit 1 before
 * the cluster is contacted), so the dry run sends what an apply would send.
 */
export async function planLive(paths: string[], flags: KubeFlags & Partial<EnvFileFlags>, io: CliIo): Promise<PlanReport & { redact: Redactor }> {
  const input = loadForCluster(paths, io);
  const substituted = substituteOrFail(objectsOf(input), variablesFor({ envFile: flags.envFile ?? [] }, io));
  const objects = substituted.objects;
  const kube = await connect(flags, io);
  const view = await readLive(kube, objects);
  const after = view.objects.map(o => view.dryRun.get(keyOfObject(o)) ?? o);
  const changes = diffSets([...view.live.values()], after);
  const preflights = [manifestCheck(input, objects), ...serverPreflights(view), ...upgradePreflights(preflightInputOf(view))];
  return { changes, preflights, locate: locator(input.manifests), redact: substituted.redact };
}

export function registerPlan(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('plan')
    .description('Show what applying new manifests would change (field by field) and run the upgrade preflights, changing nothing')
    .argument('<paths...>', 'the new manifests: files or directories; - reads stdin')
    .option('--against <old...>', 'compare with these manifests (what is applied now)')
    .option('--live', 'compare with the live cluster: server-side dry run of every object, diffed with the live object')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'));
  addEnvFileFlag(cmd);
  addKubeFlags(cmd);
  addFleetFlags(cmd, { upgrade: false });
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi plan dist/v1.35 --against dist/v1.34
  $ cdk8s-capi plan dist --live --waves 1,10%,50%,100%     # a fleet: one line per cluster, the waves
  $ cdk8s-capi plan dist/multinode-cluster --live --kubeconfig mgmt.kubeconfig --env-file bmc.env
  $ cdk8s-capi plan dist/site-1 --live --output json > plan.json

The preflights are the upgrade's validation phase: control-plane Kubernetes version at most one
minor up and never down, workers never ahead of the control plane, immutable fields, templates
renamed when their content changes, a spare available host for every rollout with maxSurge 1
(live hosts with --live, declared hosts otherwise) and, with --live, a ready cluster.
With --live, \${VAR} placeholders are filled in as by apply (environment, --env-file), so the
dry run sends what apply would; substituted values are not shown.
A fleet (one path: a directory \`cdk8s-capi synth\` wrote) with --live: every cluster folder is
planned, one line per cluster (ready / blocked: the first failed check / up to date), then the
wave layout an upgrade of the fleet would use.
Exit codes: 0 preflights pass, 1 a preflight fails or the manifests are invalid, 2 usage error or cluster unreachable.`);
  cmd.action(async (paths: string[], flags: PlanFlags) => {
    if (Boolean(flags.against?.length) === Boolean(flags.live)) throw new UsageError('give either --against OLD… (compare with manifests) or --live (compare with the cluster)');
    if (flags.live && paths.length === 1 && isFleetDir(paths[0])) {
      await runFleetPlan(paths[0], flags, io, setExit);
      return;
    }
    const fleetOnly = fleetFlagsGiven(flags);
    if (fleetOnly.length) throw new UsageError(`${fleetOnly.join(', ')}: only with --live and a fleet directory (one path: a directory cdk8s-capi synth wrote, with a folder per cluster)`);
    const report: PlanReport & { redact?: Redactor } = flags.live ? await planLive(paths, flags, io) : await planAgainst(paths, flags.against!, io);
    const passed = preflightsPassed(report.preflights);
    // Values substituted from the environment are not shown (Secrets are hidden anyway).
    const redact = report.redact ?? ((t: string) => t);
    if (flags.output === 'json') {
      io.out(redact(`${JSON.stringify({
        passed,
        changes: report.changes.filter(c => c.action !== 'unchanged'),
        unchanged: report.changes.filter(c => c.action === 'unchanged').length,
        preflights: report.preflights.map(p => ({
          name: p.name,
          passed: p.passed,
          findings: p.items.map(i => ({
            ...i.finding, at: i.at ?? report.locate(i.object, i.finding.field), kind: i.object?.kind, name: i.object?.metadata?.name,
          })),
        })),
      }, null, 2)}\n`));
    } else {
      io.out(redact(`Changes${flags.live ? ' (server-side dry run against the live objects)' : ''}:\n${formatChanges(report.changes)}\n`));
      io.out(redact(formatUpgradePreflights(report.preflights, report.locate)));
    }
    setExit(passed ? ExitCode.OK : ExitCode.INVALID);
  });
}
