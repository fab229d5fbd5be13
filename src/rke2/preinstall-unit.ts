// rke2-preinstall.service: before rke2-install runs, read the machine's Metal3 metadata from
// the config-2 drive and put its provider ID, node name and BareMetalHost UUID into the RKE2
// config. The same unit on control-plane and worker nodes (reference chapter).
import { ButaneUnit } from '../validate/butane/model';

const META = '/mnt/openstack/latest/meta_data.json';
const CONFIG = '/etc/rancher/rke2/config.yaml';

type Section = ReadonlyArray<readonly [string, string] | string>;

function renderUnit(sections: ReadonlyArray<readonly [string, Section]>): string {
  return sections.map(([name, lines]) => [`[${name}]`, ...lines.map(l => (typeof l === 'string' ? l : `${l[0]}=${l[1]}`))].join('\n')).join('\n') + '\n';
}

export const PREINSTALL_UNIT_NAME = 'rke2-preinstall.service';

export function preinstallUnit(): ButaneUnit {
  return {
    name: PREINSTALL_UNIT_NAME,
    enabled: true,
    contents: renderUnit([
      ['Unit', [
        ['Description', 'rke2-preinstall'],
        ['Wants', 'network-online.target'],
        ['Before', 'rke2-install.service'],
        ['ConditionPathExists', '!/run/cluster-api/bootstrap-success.complete'],
      ]],
      ['Service', [
        ['Type', 'oneshot'],
        ['User', 'root'],
        ['ExecStartPre', '/bin/sh -c "mount -L config-2 /mnt"'],
        '# sed uses _ as delimiter: the provider ID contains slashes',
        ['ExecStart', `/bin/sh -c "sed -i \\"s_PROVIDERID_$(jq -r .providerid ${META})_\\" ${CONFIG}"`],
        ['ExecStart', `/bin/sh -c "echo \\"node-name: $(jq -r .name ${META})\\" >> ${CONFIG}"`],
        ['ExecStart', `/bin/sh -c "echo \\"node-label:\\" >> ${CONFIG}"`],
        ['ExecStart', `/bin/sh -c "echo \\"  - metal3.io/uuid=$(jq -r .uuid ${META})\\" >> ${CONFIG}"`],
        ['ExecStartPost', '/bin/sh -c "umount /mnt"'],
      ]],
      ['Install', [['WantedBy', 'multi-user.target']]],
    ]),
  };
}
