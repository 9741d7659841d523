/**
 * ComponentStatus health follows the faults (pkg/registry/core/componentstatus/rest.go getComponentStatus,
 * componentstatus.DoServerCheck, probe/http DoHTTPProbe): a stopped scheduler or controller-manager refuses the
 * probe of its secure health port, and the refusal is the condition's message.
 */
import { describe, expect, it } from 'vitest';
import { componentStatuses } from './componentStatuses';

const healthOf = (down: string[]) =>
  Object.fromEntries(componentStatuses(down).map((c) => [c.metadata.name, c.conditions[0]]));

describe('componentStatuses', () => {
  it('reports every component Healthy with "ok" while all run', () => {
    for (const c of Object.values(healthOf([]))) expect(c).toEqual({ type: 'Healthy', status: 'True', message: 'ok' });
  });

  it('reports a stopped scheduler and controller-manager Unhealthy with the refused probe as the message', () => {
    const h = healthOf(['kube-scheduler', 'kube-controller-manager', 'kubelet@node-1']);
    expect(h.scheduler).toEqual({
      type: 'Healthy',
      status: 'False',
      message: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused',
    });
    expect(h['controller-manager'].message).toBe(
      'Get "https://127.0.0.1:10257/healthz": dial tcp 127.0.0.1:10257: connect: connection refused',
    );
    expect(h['etcd-0'].status).toBe('True');
  });
});
