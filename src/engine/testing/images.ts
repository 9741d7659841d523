/** An image as the registry resolves it, for tests that run a container program: fails the test on a bad reference. */
import { resolveImage, type ImageLookupOk } from '../images/resolveImage';

export function resolvedImage(ref: string): ImageLookupOk {
  const r = resolveImage(ref);
  if (!r.ok) throw new Error(`${ref}: ${r.message}`);
  return r;
}
