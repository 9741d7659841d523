/** A catalog entry: what the simulation knows of one image repository (tags, sizes, config, programs, files). */

/** Base filesystem: decides `sh` (busybox ash, Debian dash, bash), coreutils error texts and the usual tools. */
export type ImageBase = 'debian' | 'ubuntu' | 'oracle' | 'alpine' | 'busybox' | 'scratch';

interface ImageVariant {
  /** Tags this variant covers (first match wins). */
  match: RegExp;
  /** Compressed size in bytes (sum of layer sizes of the linux/amd64 manifest). */
  size: number;
  base: ImageBase;
}

export interface CatalogEntry {
  /** Canonical repository, e.g. `docker.io/library/nginx`. */
  repository: string;
  /** Other names serving the same image (k8s.gcr.io redirects, Docker Hub mirrors of quay.io images). */
  aliases?: string[];
  description: string;
  /** Tags to show/suggest; `latest` only where the registry really has it. */
  tags: string[];
  /** Further tags that exist (patch releases, variants): a RegExp or a `releases(...)` history. */
  tagPattern?: TagMatcher;
  variants: ImageVariant[];
  /** Image config. */
  entrypoint: string[];
  cmd: string[];
  workingDir?: string;
  /** EXPOSE'd ports (documentation only, as in Docker; what really listens comes from the interpreter). */
  ports: number[];
  /** Programs the image adds on top of its base: names found on $PATH, or absolute paths. */
  programs: string[];
  /** For docker-entrypoint.sh images: the server the script prepends when the first argument starts with `-`. */
  entrypointServer?: string;
  /** Files (and directories, ending in `/`) the image ships that probes or scripts commonly touch. */
  files?: string[];
  env?: Record<string, string>;
  /**
   * Not a catalogued image: an entry resolveImage.ts made up for a repository it does not know, whose behaviour is
   * assumed (the narration says so).
   */
  assumed?: boolean;
}

/** Which tags exist beyond `tags`. */
export interface TagMatcher {
  test(tag: string): boolean;
}
