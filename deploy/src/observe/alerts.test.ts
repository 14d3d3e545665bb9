/** The shipped alert rules (deploy/prometheus/alerts.yml): valid for Prometheus, and firing on what they are for (alerts.test.yml). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const RULES = path.resolve(__dirname, '..', '..', 'prometheus');
const promtool = [process.env.PROMTOOL_PATH, '/usr/bin/promtool', '/usr/local/bin/promtool'].find((file) => file && existsSync(file));

// CI installs Debian's prometheus package (.ci/run); elsewhere: apt-get install -y prometheus.
(promtool ? describe : describe.skip)('the alert rules (promtool from Debian’s prometheus package)', () => {
  const run = (...args: string[]) => spawnSync(promtool!, args, { cwd: RULES, encoding: 'utf8' });

  it('are valid rules', () => {
    const checked = run('check', 'rules', 'alerts.yml');
    expect(checked.stdout + checked.stderr).toContain('SUCCESS: 8 rules found');
    expect(checked.status).toBe(0);
  });

  it('fire on the series they are for, and not before', () => {
    const tested = run('test', 'rules', 'alerts.test.yml');
    expect(tested.stdout + tested.stderr).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });
});
