import { describe, it, expect } from 'vitest';
import { podRequests, podRequestsResource, resourceFromList } from './resource';
import { pod } from '../../../testing/builders';

const obj = (m: Map<string, number>) => Object.fromEntries(m);

describe('podRequests (resource.PodRequests)', () => {
  it('sums containers, takes the max with init containers, adds overhead', () => {
    const p = pod('p', {
      spec: {
        containers: [
          { name: 'a', resources: { requests: { cpu: '2', memory: '1G' } } },
          { name: 'b', resources: { requests: { cpu: '1', memory: '1G' } } },
        ],
        initContainers: [
          { name: 'i1', resources: { requests: { cpu: '2', memory: '1G' } } },
          { name: 'i2', resources: { requests: { cpu: '2', memory: '3G' } } },
        ],
        overhead: { cpu: '250m' },
      },
    });
    // The fit.go example: CPU 3, Memory 3G (+ overhead)
    expect(obj(podRequests(p))).toEqual({ cpu: 3250, memory: 3e9 });
  });

  it('restartable init containers add to the regular containers and to later init containers', () => {
    const p = pod('p', {
      spec: {
        containers: [{ name: 'app', resources: { requests: { cpu: '100m' } } }],
        initContainers: [
          { name: 'sidecar', restartPolicy: 'Always', resources: { requests: { cpu: '200m' } } },
          { name: 'migrate', resources: { requests: { cpu: '1' } } },
        ],
      },
    });
    // max(100m + 200m, 200m + 1000m) = 1200m
    expect(obj(podRequests(p))).toEqual({ cpu: 1200 });
  });

  it('nonMissing fills 100m / 200Mi only where a request is missing', () => {
    const p = pod('p', {
      spec: {
        containers: [{ name: 'a' }, { name: 'b', resources: { requests: { cpu: '0', memory: '1Gi' } } }],
      },
    });
    expect(obj(podRequests(p))).toEqual({ cpu: 0, memory: 1024 ** 3 });
    expect(obj(podRequests(p, { nonMissing: true }))).toEqual({ cpu: 100, memory: 200 * 1024 ** 2 + 1024 ** 3 });
  });

  it('pod-level requests replace the container aggregate for cpu and memory', () => {
    const p = pod('p', { cpu: '100m', spec: { resources: { requests: { cpu: '1', memory: '1Gi' } } } });
    expect(obj(podRequests(p))).toEqual({ cpu: 1000, memory: 1024 ** 3 });
  });
});

describe('podRequestsResource', () => {
  it('is resourceFromList(podRequests(...)), scalars in the same order, with and without nonMissing', () => {
    const pods = [
      pod('plain', {
        spec: {
          containers: [
            { name: 'a' },
            { name: 'b', resources: { requests: { 'example.com/gpu': '1', memory: '1Gi', pods: '2' } } },
            { name: 'c', resources: { requests: { 'hugepages-2Mi': '4Mi', cpu: '250m', 'example.com/gpu': '2' } } },
            { name: 'd', resources: { requests: { 'ephemeral-storage': '1G', custom: '3' } } },
          ],
        },
      }),
      pod('init', {
        spec: {
          containers: [{ name: 'a', resources: { requests: { cpu: '1' } } }],
          initContainers: [{ name: 'i', resources: { requests: { cpu: '2', 'example.com/gpu': '1' } } }],
        },
      }),
      pod('overhead', { cpu: '100m', spec: { overhead: { cpu: '50m' } } }),
    ];
    for (const p of pods)
      for (const opts of [{}, { nonMissing: true }]) {
        const direct = podRequestsResource(p, opts);
        const viaList = resourceFromList(podRequests(p, opts));
        expect(direct).toEqual(viaList);
        expect(Object.keys(direct.scalar)).toEqual(Object.keys(viaList.scalar));
      }
  });
});
