/**
 * What an image's default process does when run with no command/args (ENTRYPOINT + CMD, empty env): the
 * interpreter run on the image alone. It lives with the interpreter rather than in images/, so that containers/
 * depends on images/ and never the reverse.
 */
import type { ImageLookupOk } from '../images/resolveImage';
import { containerProgram } from './interpreter';

type ImageProcess =
  | { kind: 'runs'; logs: string[] }
  | { kind: 'exits'; code: number; afterMs: number; logs: string[] }
  | { kind: 'fails-to-start'; message: string };

export function imageProcess(lookup: ImageLookupOk): ImageProcess {
  const program = containerProgram({ image: lookup.normalized }, lookup);
  if (program.startError) return { kind: 'fails-to-start', message: program.startError.message };
  const logs = program.timeline.filter((e) => e.op === 'log').map((e) => e.text ?? '');
  const exit = program.timeline.find((e) => e.op === 'exit');
  if (!exit || program.runsForever) return { kind: 'runs', logs };
  return { kind: 'exits', code: exit.code ?? 0, afterMs: exit.atMs, logs };
}
