import { describe, expect, it } from 'vitest';
import { ShareLinkError, decodeShare, encodeRawJson, encodeShare, shareParam } from './shareCodec';

const chinese = `# 這是一個中文註解：部署三個 nginx Pod
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web # 網站 🚀
spec:
  replicas: 3
`;

describe('share codec', () => {
  it('round-trips a manifest with Chinese comments and emoji', async () => {
    const actions = [{ atStep: 3, action: { type: 'delete-pod', name: 'web-1' } }];
    const s = await encodeShare({ yaml: chinese, actions });
    expect(s).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    const back = await decodeShare(s);
    expect(back.yaml).toBe(chinese);
    expect(back.v).toBe(1);
    expect(back.actions).toEqual(actions);
  });

  it('is compact for a repetitive manifest', async () => {
    const yaml = chinese.repeat(40);
    const s = await encodeShare({ yaml });
    expect(s.length).toBeLessThan(yaml.length / 4);
    expect((await decodeShare(s)).yaml).toBe(yaml);
  });

  it.each([
    ['no version', 'abc'],
    ['future version', '2.AAAA'],
    ['not base64url', '1.@@@@'],
    ['not deflate', '1.AAAAAAAA'],
    ['empty', '1.'],
  ])('rejects a corrupt value (%s) with a ShareLinkError', async (_name, value) => {
    await expect(decodeShare(value)).rejects.toBeInstanceOf(ShareLinkError);
  });

  it('rejects a truncated link with a clear message', async () => {
    const s = await encodeShare({ yaml: chinese.repeat(5) });
    const err = await decodeShare(s.slice(0, s.length - 10)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShareLinkError);
    expect((err as Error).message).toMatch(/damaged|newer/);
  });

  it.each([
    ['no manifest', '{"v":1}'],
    ['wrong version inside', '{"v":7,"yaml":"a"}'],
    ['not an object', '[1,2]'],
    ['not JSON', 'apiVersion: v1'],
  ])('rejects well-packed but unusable data (%s)', async (_name, json) => {
    await expect(decodeShare(await encodeRawJson(json))).rejects.toBeInstanceOf(ShareLinkError);
  });

  it('finds the s= part of a fragment', () => {
    expect(shareParam('#s=1.abc')).toBe('1.abc');
    expect(shareParam('#x=2&s=1.abc')).toBe('1.abc');
    expect(shareParam('#other')).toBeNull();
    expect(shareParam('')).toBeNull();
  });

  it('refuses interventions the CLI would refuse as --action', async () => {
    const link = (action: unknown, atStep: unknown = 5) =>
      encodeShare({ yaml: 'kind: Pod', actions: [{ atStep, action }] });
    const scale = (replicas: unknown) => ({ type: 'scale', kind: 'Deployment', name: 'web', replicas });
    for (const replicas of [-5, 1.5, 'abc', null, 1e9 + 0.5])
      await expect(decodeShare(await link(scale(replicas))), String(replicas)).rejects.toThrow(
        /intervention 1 is invalid: replicas must be a whole number/,
      );
    for (const bad of [
      { type: 'eval' },
      { type: 'delete-pod' },
      { type: 'taint', node: 'node-1', key: 'k', effect: 'Sometimes' },
      { type: 'stop', component: 'rm -rf' },
      { type: 'registry', reachable: 'yes' },
    ])
      await expect(decodeShare(await link(bad)), JSON.stringify(bad)).rejects.toThrow(ShareLinkError);
    await expect(decodeShare(await link(scale(2), -1))).rejects.toThrow(/bad step/);
    await expect(decodeShare(await link(scale(2), 'x'))).rejects.toThrow(/bad step/);
    const ok = await decodeShare(await link(scale(0)));
    expect(ok.actions).toEqual([{ atStep: 5, action: scale(0) }]);
    const many = await encodeShare({ yaml: '', actions: Array(101).fill({ atStep: 1, action: scale(1) }) });
    await expect(decodeShare(many)).rejects.toThrow(/more than 100/);
  });
});
