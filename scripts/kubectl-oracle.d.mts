/** Types of scripts/kubectl-oracle.mjs (see there). */
export declare const ORACLE_KUBECTL: string;
export declare function clientVersion(path: string): string | undefined;
export declare function readZipEntry(zip: Buffer, name: string): Buffer;
export declare function provideKubectl(): { path: string; version: string } | { reason: string };
