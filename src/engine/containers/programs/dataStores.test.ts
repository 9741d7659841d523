/**
 * MariaDB as the official image runs it (MariaDB/mariadb-docker docker-entrypoint.sh: docker_setup_env,
 * docker_verify_minimum_env, mysql_error), and its whole tag history.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from '../../images/resolveImage';
import { containerProgram, fileStateAt, isRunningAt, logsUntil, runExecProbe } from '../interpreter';
import { resolvedImage } from '../../testing/images';

describe('mariadb', () => {
  it('refuses to initialise without a root password option: the entrypoint’s error, exit 1', () => {
    const prog = containerProgram({ image: 'mariadb:11.4' }, resolvedImage('mariadb:11.4'), {});
    const logs = logsUntil(prog, 60_000);
    expect(logs.at(-2)).toMatch(
      /\[ERROR\] \[Entrypoint\]: Database is uninitialized and password option is not specified$/,
    );
    expect(logs.at(-1)).toBe(
      '\tYou need to specify one of MARIADB_ROOT_PASSWORD, MARIADB_ROOT_PASSWORD_HASH, MARIADB_ALLOW_EMPTY_ROOT_PASSWORD and MARIADB_RANDOM_ROOT_PASSWORD',
    );
    expect(prog.exitCode).toBe(1);
  });

  it('takes MYSQL_ROOT_PASSWORD as its alias, initialises, listens on 3306 and passes healthcheck.sh', () => {
    const spec = { image: 'mariadb:10.6.22', env: [{ name: 'MYSQL_ROOT_PASSWORD', value: 's3cret' }] };
    const prog = containerProgram(spec, resolvedImage(spec.image), {});
    expect(logsUntil(prog, 60_000).at(-1)).toBe(
      "Version: '10.6.22-MariaDB-ubu2404'  socket: '/run/mysqld/mysqld.sock'  port: 3306  mariadb.org binary distribution",
    );
    expect(isRunningAt(prog, 60_000)).toBe(true);
    const check = ['healthcheck.sh', '--connect', '--innodb_initialized'];
    expect(runExecProbe(check, fileStateAt(prog, 60_000), { program: prog, tMs: 60_000 }).exitCode).toBe(0);
    expect(runExecProbe(check, fileStateAt(prog, 100), { program: prog, tMs: 100 }).exitCode).toBe(1);
  });

  it('knows every release the image published, and no others', () => {
    for (const tag of ['10.0.38', '10.3.39', '10.11.13', '11.8.3', '12.0', 'lts', '11.4-noble'])
      expect(resolveImage(`mariadb:${tag}`).ok, tag).toBe(true);
    for (const tag of ['10.3.40', '13.0', '11.4-alpine']) expect(resolveImage(`mariadb:${tag}`).ok, tag).toBe(false);
  });
});
