/**
 * kube-proxy (iptables mode) chain names, exactly as pkg/proxy/iptables/proxier.go computes them:
 *
 *   portProtoHash(servicePortName, protocol) = base32.StdEncoding(sha256(servicePortName + protocol))[:16]
 *   KUBE-SVC/SVL/EXT/FW-<hash>;  KUBE-SEP-<base32(sha256(servicePortName + protocol + "ip:port"))[:16]>
 *
 * servicePortName is `ServicePortName.String()`: "<ns>/<name>", plus ":<portName>" only when the Service port is
 * named; the protocol is lower-cased (`strings.ToLower`). Chain names are ≤ 28 characters, an iptables limit.
 */
import { base32Encode } from '../../util/base32';
import { sha256 } from '../../util/sha256';
import { boundedMemo } from '../../util/boundedMemo';

type ServiceChainPrefix = 'KUBE-SVC' | 'KUBE-SVL' | 'KUBE-EXT' | 'KUBE-FW';

/** `ServicePortName.String()`: "ns/name" or "ns/name:port" (pkg/proxy/types.go). */
export function servicePortNameString(ns: string, svc: string, portName?: string): string {
  return portName ? `${ns}/${svc}:${portName}` : `${ns}/${svc}`;
}

/**
 * Every kube-proxy sync renames the same chains on every node, and SHA-256 in TypeScript is slow; the hash is a
 * pure function of its input, so it is remembered (bounded, so a long-lived page does not grow without limit).
 */
const hash16 = boundedMemo(50_000, (input: string): string => base32Encode(sha256(input)).slice(0, 16));

/** `portProtoHash`: the 16-character hash shared by a service port's SVC/SVL/EXT/FW chains. */
export function portProtoHash(servicePortName: string, protocol: string): string {
  return hash16(servicePortName + protocol.toLowerCase());
}

/** e.g. `servicePortChainName('KUBE-SVC', 'default', 'web', '', 'TCP')` → `KUBE-SVC-LOLE4ISW44XBNF3G`. */
export function servicePortChainName(
  prefix: ServiceChainPrefix,
  ns: string,
  svc: string,
  portName: string | undefined,
  protocol: string,
): string {
  return `${prefix}-${portProtoHash(servicePortNameString(ns, svc, portName), protocol)}`;
}

/**
 * `servicePortEndpointChainName`: KUBE-SEP chain for one endpoint; `ipPort` is `BaseEndpointInfo.String()`,
 * i.e. `net.JoinHostPort(ip, port)` ("10.244.1.5:80"; IPv6 in brackets).
 */
export function endpointChainName(
  ns: string,
  svc: string,
  portName: string | undefined,
  protocol: string,
  ipPort: string,
): string {
  return `KUBE-SEP-${hash16(servicePortNameString(ns, svc, portName) + protocol.toLowerCase() + ipPort)}`;
}
