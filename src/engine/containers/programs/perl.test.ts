import { describe, expect, it } from 'vitest';
import { resolveImage } from '../../images/resolveImage';
import { containerProgram, type ContainerSpec, type Program } from '../interpreter';
import { piDigits } from './piDigits';

function run(ref: string, spec: Omit<ContainerSpec, 'image'> = {}): Program {
  const img = resolveImage(ref);
  if (!img.ok) throw new Error(`${ref}: ${img.message}`);
  return containerProgram({ image: ref, ...spec }, img, { podIP: '10.244.1.5', hostname: 'pi-abcde' });
}

const logs = (p: Program) => p.timeline.filter((e) => e.op === 'log').map((e) => e.text);
const exit = (p: Program) => p.timeline.find((e) => e.op === 'exit')?.code;

describe('the perl image', () => {
  it('resolves the docs tag perl:5.34.0 and the slim/latest variants', () => {
    for (const ref of ['perl:5.34.0', 'perl:5.34', 'perl:5', 'perl:latest', 'perl:5.34.0-slim', 'perl:slim'])
      expect(resolveImage(ref).ok).toBe(true);
    expect(resolveImage('perl:5.99').ok).toBe(false);
  });

  it("runs the Kubernetes docs' pi Job command: π to 2000 significant digits, exit 0", () => {
    const p = run('perl:5.34.0', { command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'] });
    expect(logs(p)).toEqual([piDigits(2000)]);
    expect(logs(p)[0]).toMatch(/^3\.14159265358979323846/);
    expect(exit(p)).toBe(0);
  });

  it('without importing bpi, perl dies as perl does', () => {
    const p = run('perl:5.34.0', { command: ['perl', '-wle', 'print bpi(10)'] });
    expect(logs(p)).toEqual(['Undefined subroutine &main::bpi called at -e line 1.']);
    expect(exit(p)).toBe(255);
  });

  it("a missing script file: perl's message and exit 2", () => {
    const p = run('perl:5.34.0', { command: ['perl', 'x'] });
    expect(logs(p)).toEqual(['Can\'t open perl script "x": No such file or directory']);
    expect(exit(p)).toBe(2);
  });

  it('the image CMD (the debugger on -e0) ends at once without stdin', () => {
    expect(exit(run('perl:5.34.0'))).toBe(0);
  });
});
