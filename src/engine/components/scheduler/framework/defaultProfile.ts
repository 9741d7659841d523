/**
 * The default-scheduler profile (pkg/scheduler/apis/config/v1/default_plugins.go, expanded per extension point as
 * in pkg/scheduler/apis/config/testing/defaults ExpandedPluginsV1). Order matters: a node is rejected by the
 * first failing Filter plugin, and PreFilter stops at the first UnschedulableAndUnresolvable.
 * Not modelled: VolumeRestrictions, NodeVolumeLimits, VolumeZone (Filter), VolumeBinding Score (needs the alpha
 * StorageCapacityScoring gate, so it scores nothing by default).
 */
import type { Plugin } from './plugin';
import { balancedAllocation } from './plugins/balancedAllocation';
import { imageLocality } from './plugins/imageLocality';
import { interPodAffinity } from './plugins/interPodAffinity';
import { nodeAffinity } from './plugins/nodeAffinity';
import { nodeName } from './plugins/nodeName';
import { nodePorts } from './plugins/nodePorts';
import { nodeResourcesFit } from './plugins/nodeResourcesFit';
import { nodeUnschedulable } from './plugins/nodeUnschedulable';
import { podTopologySpread } from './plugins/podTopologySpread';
import { taintToleration } from './plugins/taintToleration';
import { volumeBinding } from './plugins/volumeBinding';

/**
 * DynamicResources only matters here for its cycle state: its PreFilter (the last one) records that it ran, which
 * its PostFilter later reads (see runPostFilter in scheduleOne.ts). ResourceClaims themselves are not modelled.
 */
export const DYNAMIC_RESOURCES_STATE = 'DynamicResources';
const dynamicResources: Plugin = {
  name: 'DynamicResources',
  preFilter(ctx) {
    ctx.state.set(DYNAMIC_RESOURCES_STATE, true);
    return { status: { code: 'Skip', reasons: [] } };
  },
};

export const PRE_FILTER_PLUGINS: readonly Plugin[] = [
  nodeAffinity,
  nodePorts,
  nodeResourcesFit,
  volumeBinding,
  podTopologySpread,
  interPodAffinity,
  dynamicResources,
];

export const FILTER_PLUGINS: readonly Plugin[] = [
  nodeUnschedulable,
  nodeName,
  taintToleration,
  nodeAffinity,
  nodePorts,
  nodeResourcesFit,
  volumeBinding,
  podTopologySpread,
  interPodAffinity,
];

interface WeightedPlugin {
  plugin: Plugin;
  weight: number;
}

export const SCORE_PLUGINS: readonly WeightedPlugin[] = [
  { plugin: taintToleration, weight: 3 },
  { plugin: nodeAffinity, weight: 2 },
  { plugin: nodeResourcesFit, weight: 1 },
  { plugin: podTopologySpread, weight: 2 },
  { plugin: interPodAffinity, weight: 2 },
  { plugin: balancedAllocation, weight: 1 },
  { plugin: imageLocality, weight: 1 },
];
