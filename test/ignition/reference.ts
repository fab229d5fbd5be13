// The reference chapter's rke2-preinstall.service unit (SUSE Telco Cloud 3.7, ch. 53), written
// out as the builder's input. It fills in provider id, node name and the metal3.io/uuid label
// from the config-2 metadata drive before rke2-install.service runs.
export const PREINSTALL_UNIT = [
  '[Unit]',
  'Description=rke2-preinstall',
  'Wants=network-online.target',
  'Before=rke2-install.service',
  'ConditionPathExists=!/run/cluster-api/bootstrap-success.complete',
  '[Service]',
  'Type=oneshot',
  'User=root',
  'ExecStartPre=/bin/sh -c "mount -L config-2 /mnt"',
  '# Note we use _ as a delimiter for sed here because the providerid includes / characters',
  'ExecStart=/bin/sh -c "sed -i \\"s_PROVIDERID_$(jq -r .providerid /mnt/openstack/latest/meta_data.json)_\\" /etc/rancher/rke2/config.yaml"',
  'ExecStart=/bin/sh -c "echo \\"node-name: $(jq -r .name /mnt/openstack/latest/meta_data.json)\\" >> /etc/rancher/rke2/config.yaml"',
  'ExecStart=/bin/sh -c "echo \\"node-label:\\" >> /etc/rancher/rke2/config.yaml"',
  'ExecStart=/bin/sh -c "echo \\"  - metal3.io/uuid=$(jq -r .uuid /mnt/openstack/latest/meta_data.json)\\" >> /etc/rancher/rke2/config.yaml"',
  'ExecStartPost=/bin/sh -c "umount /mnt"',
  '[Install]',
  'WantedBy=multi-user.target',
  '',
].join('\n');

export const MANIFESTS_DIR = '/var/lib/rancher/rke2/server/manifests';
