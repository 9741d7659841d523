import { describe, expect, it } from 'vitest';
import { answerExplain, goutilsWrap } from './explain';

// Layout from kubectl/pkg/explain/v2/templates/plaintext.tmpl (kubectl v1.34 explain over OpenAPI v3).
describe('kubectl explain', () => {
  it('a kind: GROUP, KIND, VERSION, DESCRIPTION and the FIELDS with their types', () => {
    const { output, ok } = answerExplain(['deployment']);
    expect(ok).toBe(true);
    expect(output).toMatch(
      /^GROUP: {6}apps\nKIND: {7}Deployment\nVERSION: {4}v1\n\nDESCRIPTION:\n {4}Deployment enables declarative updates for Pods and ReplicaSets\.\n {4}\nFIELDS:\n {2}apiVersion\t<string>\n/,
    );
    expect(output).toContain(
      '\n  spec\t<DeploymentSpec>\n    Specification of the desired behavior of the Deployment.\n\n',
    );
    expect(answerExplain(['pods']).output).toMatch(/^KIND: {7}Pod\nVERSION: {4}v1\n/);
  });

  it('a field path: FIELD with its type, then the description (and fields, -required- marked)', () => {
    expect(answerExplain(['deploy.spec.replicas']).output).toMatch(
      /\n\nFIELD: replicas <integer>\n\n\nDESCRIPTION:\n {4}Number of desired pods\./,
    );
    const spec = answerExplain(['deployments.spec']).output;
    expect(spec).toContain('FIELD: spec <DeploymentSpec>');
    expect(spec).toContain('\n  selector\t<LabelSelector> -required-\n');
    expect(answerExplain(['pod.spec.containers.resources.limits']).output).toContain(
      'FIELD: limits <map[string]Quantity>',
    );
    expect(answerExplain(['deploy.spec.nope'])).toEqual({ output: 'error: field "nope" does not exist', ok: false });
    expect(answerExplain(['frobs']).output).toBe('error: the server doesn\'t have a resource type "frobs"');
  });

  it("wraps as sprig's wrap (goutils WrapCustom): at the last space within the width, long words kept whole", () => {
    expect(goutilsWrap('aaa bbb ccc', 7)).toBe('aaa bbb\nccc');
    expect(goutilsWrap('https://example.com/long x', 5)).toBe('https://example.com/long\nx');
  });
});
