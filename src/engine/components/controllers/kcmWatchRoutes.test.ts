import { describe, expect, it } from 'vitest';
import type { KObject } from '../../types';
import type { Controller } from './Controller';
import { kcmWatchRoutes } from './kcmWatchRoutes';
import { CONTROLLERS, controllerParts } from './registry';

const obj = (kind: string, namespace?: string): KObject =>
  ({ apiVersion: 'v1', kind, metadata: { name: 'x', namespace } }) as KObject;
const ctl = (name: string, watches: Controller['watches']): Controller => ({ name, watches, reconcile() {} });

describe('kcmWatchRoutes', () => {
  it('routes a kind to every part that watches it, in registry order', () => {
    const routes = kcmWatchRoutes([ctl('a', ['Pod', 'Node']), ctl('b', ['Node']), ctl('gc', '*')]);
    expect(routes.partsFor(obj('Pod', 'default'))).toBe('a');
    expect(routes.partsFor(obj('Node'))).toBe('a,b');
    expect(routes.partsFor(obj('Secret', 'default'))).toBeUndefined();
  });

  it('honours a namespace restriction and a drawn part name', () => {
    const routes = kcmWatchRoutes([
      ctl('node-lifecycle', [{ kind: 'Lease', namespace: 'kube-node-lease' }]),
      ctl('serviceaccount', [{ kind: 'ConfigMap', part: 'root-ca-cert-publisher' }]),
    ]);
    expect(routes.partsFor(obj('Lease', 'kube-node-lease'))).toBe('node-lifecycle');
    expect(routes.partsFor(obj('Lease', 'kube-system'))).toBeUndefined();
    expect(routes.partsFor(obj('ConfigMap', 'default'))).toBe('root-ca-cert-publisher');
  });

  it('the real registry: Pods reach the replicaset, endpointslice and node-lifecycle controllers', () => {
    const routes = kcmWatchRoutes(CONTROLLERS);
    expect(routes.partsFor(obj('Pod', 'default'))?.split(',')).toEqual(
      expect.arrayContaining(['replicaset', 'endpointslice', 'node-lifecycle']),
    );
    expect(controllerParts()).toContain('taint-eviction');
  });
});
