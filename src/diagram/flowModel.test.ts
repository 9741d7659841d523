import { describe, expect, it } from 'vitest';
import { defaultCluster } from '../engine/cluster/defaultCluster';
import { layoutDiagram } from '../playback/diagramLayout';
import { TRUNK_HANDLE } from '../playback/diagramLayoutTiles';
import { diagramState, IDLE_STATE } from '../playback/diagramState';
import { nodeRoles } from '../playback/instances';
import { testStep } from '../playback/testRuns';
import { boxStates } from './boxStates';
import { activeLink, flowEdges, flowNodes, handlesByBox, onDemandLink } from './flowModel';

const layout = layoutDiagram(nodeRoles(defaultCluster(100)), 3);
const handles = handlesByBox(layout);
const kubeletWatch = testStep({ seq: 3 });

describe('flow model of the tile layout', () => {
  it('draws only the permanent links when idle, and the active tile’s link while it carries a message', () => {
    const idle = flowEdges(layout, onDemandLink(layout, IDLE_STATE)).map((e) => e.id);
    expect(idle).toContain('kube-apiserver--frame:nodes');
    expect(idle.some((id) => id.includes('tile:'))).toBe(false);
    const state = diagramState(layout, kubeletWatch);
    const busy = flowEdges(layout, onDemandLink(layout, state));
    expect(busy).toHaveLength(idle.length + 1);
    expect(activeLink(state)).toMatchObject({ id: 'kube-apiserver--tile:node-57', seq: 3 });
    expect(busy.find((e) => e.id === activeLink(state)!.id)).toMatchObject({
      source: 'kube-apiserver',
      target: 'tile:node-57',
      sourceHandle: TRUNK_HANDLE,
    });
  });

  it('hands React Flow the same edges whatever the step, when the message link is permanent', () => {
    const lanes = layoutDiagram(nodeRoles(defaultCluster(3)), 3);
    const state = diagramState(lanes, testStep({ seq: 3, to: { component: 'kubelet', node: 'node-2' } }));
    expect(activeLink(state)).toMatchObject({ id: expect.stringContaining('kubelet@node-2'), seq: 3 });
    expect(onDemandLink(lanes, state)).toBeUndefined();
    expect(flowEdges(lanes, onDemandLink(lanes, state))).toEqual(flowEdges(lanes, onDemandLink(lanes, IDLE_STATE)));
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
    const states = boxStates(layout, diagramState(layout, kubeletWatch), undefined, undefined, {
      'node-57': { ready: 'False', unschedulable: true, taints: [] },
    });
    const tile = states.find((s) => s.id === 'tile:node-57')!;
    expect(tile).toMatchObject({ active: true, activeMarks: ['kubelet'], flags: { ready: 'False' } });
    const tiles = layout.boxes.filter((b) => b.kind === 'tile' && b.id !== 'tile:node-57').map((b) => b.id);
    const others = states.filter((s) => tiles.includes(s.id));
    expect(others.every((s) => !s.active && s.activeMarks?.length === 0)).toBe(true);
    expect(states.find((s) => s.id === 'kube-apiserver')!.active).toBe(true);
  });

  it('keeps the nodes between steps, lifting only the tile that carries a note', () => {
    const nodes = flowNodes(layout, handles);
    expect(nodes.find((n) => n.id === 'tile:node-57')).toMatchObject({
      zIndex: 2,
      data: { box: { id: 'tile:node-57' } },
    });
    expect(flowNodes(layout, handles, 'tile:node-57').find((n) => n.id === 'tile:node-57')!.zIndex).toBe(3);
    expect(flowNodes(layout, handles, 'kube-apiserver').find((n) => n.id === 'kube-apiserver')!.zIndex).toBe(2);
  });
});
