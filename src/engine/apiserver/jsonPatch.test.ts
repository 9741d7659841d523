/**
 * RFC 6902 as the apiserver applies it (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go applyJSPatch,
 * gopkg.in/evanphx/json-patch.v4 patch.go for the error texts).
 */
import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from './jsonPatch';

const doc = { spec: { replicas: 3, containers: [{ name: 'a' }, { name: 'b' }] }, metadata: { labels: { 'a/b': 'x' } } };

describe('applyJsonPatch', () => {
  it('adds, removes, replaces, moves, copies and tests, in order, on a copy', () => {
    const out = applyJsonPatch(doc, [
      { op: 'test', path: '/spec/replicas', value: 3 },
      { op: 'replace', path: '/spec/replicas', value: 5 },
      { op: 'add', path: '/spec/containers/-', value: { name: 'c' } },
      { op: 'add', path: '/spec/containers/0', value: { name: 'z' } },
      { op: 'remove', path: '/spec/containers/1' },
      { op: 'copy', from: '/spec/replicas', path: '/spec/min' },
      { op: 'move', from: '/metadata/labels/a~1b', path: '/metadata/labels/moved' },
    ]);
    expect(out).toEqual({
      doc: {
        spec: { replicas: 5, min: 5, containers: [{ name: 'z' }, { name: 'b' }, { name: 'c' }] },
        metadata: { labels: { moved: 'x' } },
      },
    });
    expect(doc.spec.replicas).toBe(3);
  });

  it('fails as a whole with the library texts', () => {
    expect(applyJsonPatch(doc, [{ op: 'test', path: '/spec/replicas', value: 4 }])).toEqual({
      error: 'testing value /spec/replicas failed: test failed',
    });
    expect(applyJsonPatch(doc, [{ op: 'remove', path: '/spec/nope' }])).toEqual({
      error: "error in remove for path: '/spec/nope': unable to remove nonexistent key: nope: missing value",
    });
    expect(applyJsonPatch(doc, [{ op: 'replace', path: '/spec/nope', value: 1 }])).toEqual({
      error: 'replace operation does not apply: doc is missing key: /spec/nope: missing value',
    });
    expect(applyJsonPatch(doc, [{ op: 'add', path: '/x/y', value: 1 }])).toEqual({
      error: 'add operation does not apply: doc is missing path: "/x/y": missing value',
    });
  });

  it('refuses a body that is not a list of operations (a 400)', () => {
    expect(applyJsonPatch(doc, { op: 'remove' })).toEqual({
      badRequest: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    });
  });
});
