import { describe, expect, it } from 'vitest';
import { defaultCluster } from '../engine/cluster/defaultCluster';
import { layoutDiagram } from '../playback/diagramLayout';
import { TRUNK_HANDLE } from '../playback/diagramLayoutTiles';
import { diagramState, IDLE_STATE } from '../playback/diagramState';
import { nodeRoles } from '../playback/instances';
import { testStep } from '../playback/testRuns';
import { flowEdges, flowNodes, handlesByBox } from './flowModel';

const layout = layoutDiagram(nodeRoles(defaultCluster(100)), 3);
const handles = handlesByBox(layout);
const kubeletWatch = testStep({ seq: 3 });

describe('flow model of the tile layout', () => {
  it('draws only the permanent links when idle, and the active tile’s link while it carries a message', () => {
    const idle = flowEdges(layout, IDLE_STATE).map((e) => e.id);
    expect(idle).toContain('kube-apiserver--frame:nodes');
    expect(idle.some((id) => id.includes('tile:'))).toBe(false);
    const busy = flowEdges(layout, diagramState(layout, kubeletWatch));
    expect(busy).toHaveLength(idle.length + 1);
    expect(busy.find((e) => e.data?.active)).toMatchObject({
      id: 'kube-apiserver--tile:node-57',
      source: 'kube-apiserver',
      target: 'tile:node-57',
      sourceHandle: TRUNK_HANDLE,
    });
  });

  it('gives the apiserver one shared handle for all tiles, and each tile its own', () => {
    const api = handles.get('kube-apiserver')!;
    expect(api.filter((h) => h.id === TRUNK_HANDLE)).toHaveLength(1);
    expect(api.length).toBeLessThan(8);
    expect(handles.get('tile:node-57')).toEqual([
      { id: 'kube-apiserver--tile:node-57:b', type: 'target', side: 'top', offset: expect.any(Number) },
    ]);
  });

  it('marks the tile active with the component the step involves', () => {
    const nodes = flowNodes(layout, handles, diagramState(layout, kubeletWatch), undefined, undefined, {
      'node-57': { ready: 'False', unschedulable: true, taints: [] },
    });
    const tile = nodes.find((n) => n.id === 'tile:node-57')!;
    expect(tile.data).toMatchObject({ active: true, activeMarks: ['kubelet'], flags: { ready: 'False' } });
    const others = nodes.filter((n) => n.type === 'tile' && n.id !== 'tile:node-57');
    expect(others.every((n) => !n.data.active && n.data.activeMarks?.length === 0)).toBe(true);
    expect(nodes.find((n) => n.id === 'kube-apiserver')!.data.active).toBe(true);
  });
});
