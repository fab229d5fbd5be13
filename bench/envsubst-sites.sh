#!/usr/bin/env bash
# The chapter's way: one template per file, envsubst per site (a process per file, as a shell
# loop over a table of sites does it). Usage: envsubst-sites.sh TEMPLATES_DIR SITES.tsv OUTDIR
set -euo pipefail
tpl=$1; sites=$2; out=$3
vars='$SITE $SITE_UPPER $API_VIP $INGRESS_VIP $BMC_NET $MAC_PREFIX'
while IFS=$'\t' read -r SITE SITE_UPPER API_VIP INGRESS_VIP BMC_NET MAC_PREFIX; do
  export SITE SITE_UPPER API_VIP INGRESS_VIP BMC_NET MAC_PREFIX
  mkdir -p "$out/$SITE/hosts" "$out/$SITE/cluster"
  for f in hosts/hosts.yaml hosts/kustomization.yaml cluster/cluster.yaml cluster/kustomization.yaml kustomization.yaml; do
    envsubst "$vars" < "$tpl/$f" > "$out/$SITE/$f"
  done
done < "$sites"
