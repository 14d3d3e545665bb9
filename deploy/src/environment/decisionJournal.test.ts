import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DECISIONS_JOURNAL, readDecisions, recordDecision, type Decision } from './decisionJournal.ts';

const DECISION: Decision = {
  at: '2026-11-26T17:10:00.000Z',
  rollout: '20261126T170000-ab12',
  remote: 'cart',
  share: 5,
  builds: { canary: '0.2.0+new', stable: '0.1.0+old' },
  verdict: 'wait',
  taken: 'nothing',
  reasons: ['the share settles for 60 s more'],
};

describe('the decisions journal', () => {
  let env: string;
  beforeEach(() => (env = mkdtempSync(path.join(tmpdir(), 'decisions-'))));
  afterEach(() => rmSync(env, { recursive: true, force: true }));

  it('reads the decisions recorded, oldest first; none without a journal', () => {
    expect(readDecisions(env)).toEqual([]);
    recordDecision(env, DECISION);
    recordDecision(env, { ...DECISION, verdict: 'advance', taken: 'share 25%' });
    expect(readDecisions(env).map(({ verdict }) => verdict)).toEqual(['wait', 'advance']);
  });

  // A journal is appended to: a torn or foreign line costs only itself, as in the publish journal.
  it.each([
    ['not JSON', '{"rollout": '],
    ['a verdict the judge never gives', JSON.stringify({ ...DECISION, verdict: 'maybe' })],
    ['a decision without its builds', JSON.stringify({ ...DECISION, builds: undefined })],
    ['figures of another shape', JSON.stringify({ ...DECISION, figures: { views: 3 } })],
  ])('leaves out a line that is %s', (_case, line) => {
    recordDecision(env, DECISION);
    appendFileSync(path.join(env, DECISIONS_JOURNAL), `${line}\n`);
    recordDecision(env, { ...DECISION, taken: 'held', verdict: 'hold' });
    expect(readDecisions(env).map(({ taken }) => taken)).toEqual(['nothing', 'held']);
  });
});
