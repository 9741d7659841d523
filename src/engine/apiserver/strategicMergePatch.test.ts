import { describe, expect, it } from 'vitest';
import { strategicMergePatch } from './strategicMergePatch';

describe('strategicMergePatch', () => {
  const pod = {
    metadata: { labels: { a: '1', b: '2' }, finalizers: ['x'] },
    spec: {
      containers: [
        { name: 'a', image: 'a:1', ports: [{ containerPort: 80 }] },
        { name: 'b', image: 'b:1' },
      ],
      tolerations: [{ key: 'k' }],
    },
  };

  it('merges maps, deletes on null, merges lists by their merge key and replaces the others', () => {
    const out = strategicMergePatch(pod, {
      metadata: { labels: { b: null, c: '3' }, finalizers: ['y'] },
      spec: {
        containers: [
          { name: 'b', image: 'b:2' },
          { name: 'c', image: 'c:1' },
        ],
        tolerations: [],
      },
    }) as any;
    expect(out.metadata).toEqual({ labels: { a: '1', c: '3' }, finalizers: ['x', 'y'] });
    expect(out.spec.containers.map((c: any) => `${c.name}=${c.image}`)).toEqual(['a=a:1', 'b=b:2', 'c=c:1']);
    expect(out.spec.tolerations).toEqual([]);
  });

  it('honours $patch: delete, $setElementOrder and $deleteFromPrimitiveList', () => {
    const out = strategicMergePatch(pod, {
      metadata: { '$deleteFromPrimitiveList/finalizers': ['x'] },
      spec: {
        '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }],
        containers: [{ name: 'a', $patch: 'delete' }],
      },
    }) as any;
    expect(out.metadata.finalizers).toEqual([]);
    expect(out.spec.containers.map((c: any) => c.name)).toEqual(['b']);
  });
});
