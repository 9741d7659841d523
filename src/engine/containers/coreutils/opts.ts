/** What every coreutil shares: which wording the image's coreutils use, and flag/operand splitting. */
import type { Proc } from '../proc';

export const gnu = (p: Proc) => p.img.coreutils === 'gnu';

export function opts(argv: string[]): { flags: Set<string>; operands: string[] } {
  const flags = new Set<string>();
  const operands: string[] = [];
  let endOfOpts = false;
  for (const a of argv.slice(1)) {
    if (!endOfOpts && a === '--') endOfOpts = true;
    else if (!endOfOpts && /^-[A-Za-z]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else if (!endOfOpts && /^--[a-z-]+$/.test(a)) flags.add(a);
    else operands.push(a);
  }
  return { flags, operands };
}
