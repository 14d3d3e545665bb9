/**
 * A Playwright reporter for scripts/e2e.mjs's summary: per project, how many tests passed,
 * failed, were flaky or skipped, and the engines they ran in (the `engine` annotations the
 * every-engine fixture adds: name, version and driver), written as JSON to E2E_ENGINE_REPORT.
 * Without that variable it writes nothing; the list reporter prints the run as before.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, Suite } from '@playwright/test/reporter';

export interface ProjectReport {
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  engines: string[];
}

const COUNTED = { expected: 'passed', unexpected: 'failed', flaky: 'flaky', skipped: 'skipped' } as const;

export default class EngineReport implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  onEnd() {
    const file = process.env.E2E_ENGINE_REPORT;
    if (!file || !this.root) return;
    const projects: Record<string, ProjectReport> = {};
    for (const test of this.root.allTests()) {
      const name = test.parent.project()?.name ?? '';
      const report = (projects[name] ??= { passed: 0, failed: 0, flaky: 0, skipped: 0, engines: [] });
      report[COUNTED[test.outcome()]] += 1;
      for (const { type, description } of test.results.flatMap((result) => result.annotations))
        if (type === 'engine' && description && !report.engines.includes(description)) report.engines.push(description);
    }
    writeFileSync(file, JSON.stringify(projects));
  }

  printsToStdio() {
    return false;
  }
}
