/**
 * Reads a file as UTF-8 text in slices, reporting the bytes read so far (at most every `intervalMs`): a 180 MB
 * trace takes seconds to read, and the learner should see it moving. Runs in the import worker.
 */
type ReadProgress = (loaded: number, total: number) => void;

export async function readTraceText(
  blob: Blob,
  onProgress: ReadProgress,
  { intervalMs = 100, now = () => performance.now() }: { intervalMs?: number; now?: () => number } = {},
): Promise<string> {
  const reader = blob.stream().getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let loaded = 0;
  let last = -Infinity;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
    const t = now();
    if (t - last >= intervalMs) {
      last = t;
      onProgress(loaded, blob.size);
    }
  }
  parts.push(decoder.decode());
  onProgress(loaded, blob.size);
  return parts.join('');
}
