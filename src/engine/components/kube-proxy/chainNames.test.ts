import { describe, it, expect } from 'vitest';
import { endpointChainName, portProtoHash, servicePortChainName, servicePortNameString } from './chainNames';

describe('kube-proxy chain names (portProtoHash)', () => {
  it('names the unnamed-port web Service chain', () => {
    expect(servicePortChainName('KUBE-SVC', 'default', 'web', '', 'TCP')).toBe('KUBE-SVC-LOLE4ISW44XBNF3G');
    expect(servicePortChainName('KUBE-SVC', 'default', 'web', undefined, 'tcp')).toBe('KUBE-SVC-LOLE4ISW44XBNF3G');
  });
  it('names the http-named port chain', () => {
    expect(servicePortChainName('KUBE-SVC', 'default', 'web', 'http', 'TCP')).toBe('KUBE-SVC-CDGGSHYLG3RE2FKL');
  });
  it('reproduces well-known real chain names', () => {
    expect(portProtoHash('kube-system/kube-dns:dns', 'udp')).toBe('TCOU7JCQXEZGVUNU');
    expect(servicePortChainName('KUBE-SVC', 'kube-system', 'kube-dns', 'dns', 'UDP')).toBe('KUBE-SVC-TCOU7JCQXEZGVUNU');
    expect(servicePortChainName('KUBE-SVC', 'default', 'kubernetes', 'https', 'TCP')).toBe('KUBE-SVC-NPX46M4PTMTKRN6Y');
  });
  it('shares the hash across SVC/SVL/EXT/FW prefixes', () => {
    expect(servicePortChainName('KUBE-EXT', 'default', 'web', '', 'TCP')).toBe('KUBE-EXT-LOLE4ISW44XBNF3G');
    expect(servicePortChainName('KUBE-SVL', 'default', 'web', '', 'TCP')).toBe('KUBE-SVL-LOLE4ISW44XBNF3G');
    expect(servicePortChainName('KUBE-FW', 'default', 'web', '', 'TCP')).toBe('KUBE-FW-LOLE4ISW44XBNF3G');
  });
  it('names endpoint chains', () => {
    expect(endpointChainName('default', 'web', '', 'TCP', '10.244.1.5:80')).toBe('KUBE-SEP-3BXOQLMOWG4452TJ');
    expect(endpointChainName('default', 'web', '', 'TCP', '10.244.2.7:80')).toBe('KUBE-SEP-4OIMBIYGK4QJUGT7');
    expect(endpointChainName('default', 'web', '', 'TCP', '10.244.3.4:80')).toBe('KUBE-SEP-SBSTR5EC3J3ISJ36');
  });
  it('keeps chain names within the iptables 28-character limit', () => {
    expect(servicePortChainName('KUBE-SVC', 'a'.repeat(63), 'b'.repeat(63), 'c'.repeat(15), 'SCTP').length).toBe(25);
    expect(endpointChainName('ns', 'svc', 'p', 'TCP', '[fd00::1]:8080').length).toBe(25);
  });
  it('formats ServicePortName.String()', () => {
    expect(servicePortNameString('default', 'web')).toBe('default/web');
    expect(servicePortNameString('default', 'web', 'http')).toBe('default/web:http');
  });
});
