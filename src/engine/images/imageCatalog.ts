/**
 * The simulated registries' contents: ~30 images learners commonly put in manifests, with the data the
 * simulation needs — which tags exist, the compressed linux/amd64 size (what the kubelet's Pulled event prints),
 * the image config (ENTRYPOINT, CMD, EXPOSE, WORKDIR) and what the filesystem holds (base distribution, so which
 * shell and which coreutils error texts, plus the image's own programs).
 *
 * Sizes are realistic figures for recent linux/amd64 manifests (nginx:1.27-alpine = 20506631 bytes as in the facts
 * file); they are not fetched from a registry and will drift from upstream. Tag sets are a repository's whole
 * release history, old releases included (every nginx release since 1.0.0, `nginx:1.14.2` of the Kubernetes
 * website's Deployment example, `nginx:1.7.9` of older docs), written as release ranges (`releases`), so learners'
 * real pinned tags work, while typos (`nginx:latst`, `nginx:1.99`) do not. Repositories outside the catalog are
 * not errors: resolveImage.ts assumes their behaviour (a server listening on the container's ports).
 * Process behaviour is not stored here: it follows from ENTRYPOINT/CMD through the interpreter
 * (containers/interpreter.ts). The entries are grouped by family in catalog/.
 */
import type { CatalogEntry } from './catalogEntry';
import { WEB_SERVER_IMAGES } from './catalog/webServers';
import { DATA_STORE_IMAGES } from './catalog/dataStores';
import { BASE_IMAGES } from './catalog/baseImages';
import { LANGUAGE_RUNTIME_IMAGES } from './catalog/languageRuntimes';
import { KUBERNETES_IMAGES } from './catalog/kubernetes';
import { APP_IMAGES } from './catalog/apps';

/**
 * Every catalogued repository, family by family. Repository names and aliases are unique (resolveImage.test.ts),
 * so a lookup finds the same entry whatever the order; the order is only that of `catalogImages()`.
 */
export const IMAGE_CATALOG: readonly CatalogEntry[] = [
  ...WEB_SERVER_IMAGES,
  ...DATA_STORE_IMAGES,
  ...BASE_IMAGES,
  ...LANGUAGE_RUNTIME_IMAGES,
  ...KUBERNETES_IMAGES,
  ...APP_IMAGES,
];
