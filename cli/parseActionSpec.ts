/** The CLI's `--action` parser lives in the engine (src/engine/parseActionSpec.ts), shared with the app's links. */
export { parseActionSpec } from '../src/engine/parseActionSpec';
