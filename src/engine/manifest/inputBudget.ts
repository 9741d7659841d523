/**
 * The one budget every way in shares (CLI file and stdin, editor, share link, embed `load`, trace import): a
 * manifest is refused with the same text whichever path it came by. parseManifest enforces all of it;
 * readers that stream (the CLI) stop at `bytes` and report `manifestTooLarge()` without knowing the full size.
 */
export const INPUT_BUDGET = {
  /** UTF-8 bytes of the manifest text. */
  bytes: 2 * 1024 * 1024,
  /** Objects kubectl would send: `---` documents plus every item of a `kind: List` (FlattenListVisitor). */
  documents: 1000,
  /** Nesting of maps and sequences. */
  depth: 100,
  /** Fields and list items in one document (the YAML library needs seconds for a few hundred thousand). */
  nodesPerDocument: 100_000,
  /** Fields and list items materialised through aliases, over the whole manifest (a bomb spread over documents). */
  aliasNodes: 100_000,
} as const;

/** `manifest is too large (2.3 MiB; the limit is 2 MiB)`; without `bytes`, the reader stopped at the limit. */
export function manifestTooLarge(bytes?: number): string {
  const size = bytes === undefined ? 'more than 2 MiB' : `${(bytes / 1048576).toFixed(1)} MiB`;
  return `manifest is too large (${size}; the limit is ${INPUT_BUDGET.bytes / 1048576} MiB)`;
}

export function tooManyDocuments(): string {
  return `manifest has more than ${INPUT_BUDGET.documents} documents (the limit is ${INPUT_BUDGET.documents}, List items included)`;
}

export function nestedTooDeeply(): string {
  return `manifest is nested too deeply (more than ${INPUT_BUDGET.depth} levels)`;
}

export function documentTooBig(): string {
  return `manifest document is too big (more than ${INPUT_BUDGET.nodesPerDocument} fields and items)`;
}
