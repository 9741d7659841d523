import { describe, expect, it } from 'vitest';
import { Rng } from '../../kernel/Rng';
import { randomServiceIP } from './registryStrategy';

describe('ClusterIP allocation', () => {
  // kind's default service subnet (kind pkg/apis/config/v1alpha4 default.go): 10.96.0.0/16, not kubeadm's /12.
  it('stays inside 10.96.0.0/16 and in the dynamic band above the first 256 addresses (ipallocator bitmap.go)', () => {
    const rng = Rng.fromSeed(1, 'ips');
    for (let i = 0; i < 5000; i++) {
      const ip = randomServiceIP(rng);
      const [a, b, c, d] = ip.split('.').map(Number);
      expect([a, b]).toEqual([10, 96]);
      const off = c! * 256 + d!;
      expect(off).toBeGreaterThanOrEqual(256);
      expect(off).toBeLessThanOrEqual(65534);
    }
  });
});
