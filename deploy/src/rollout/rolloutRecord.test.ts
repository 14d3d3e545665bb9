import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RolloutRecord } from '@maison/host/contract';
import { readRollout, rolloutFile, writeRollout } from './rolloutRecord.ts';

const RECORD: RolloutRecord = {
  id: '20261126T170000-ab12',
  remote: 'cart',
  state: 'running',
  share: 5,
  steps: [5, 25, 50, 100],
  canary: ['https://canary.example/mf-manifest.json'],
  stable: ['https://cart.example/mf-manifest.json'],
  canaryBuild: '0.2.0+new',
  stableBuild: '0.1.0+old',
  startedAt: '2026-11-26T17:00:00.000Z',
  stepStartedAt: '2026-11-26T17:00:00.000Z',
};

describe('readRollout', () => {
  let env: string;
  beforeEach(() => (env = mkdtempSync(path.join(tmpdir(), 'rollout-record-'))));
  afterEach(() => rmSync(env, { recursive: true, force: true }));

  it('reads what was written, and none when the environment never had a rollout', () => {
    expect(readRollout(env)).toBeUndefined();
    writeRollout(env, RECORD);
    expect(readRollout(env)).toEqual(RECORD);
  });

  // The schema is the contract's (@maison/host/contract): one ROLLOUT_ID for rollout.json and the cohort cookie.
  it.each([
    [{ ...RECORD, id: 'has a space' }, 'id Invalid format'],
    [{ ...RECORD, share: 120 }, 'share Invalid value'],
    [{ ...RECORD, steps: [] }, 'steps Invalid length'],
    [{ ...RECORD, canary: [''] }, 'canary[0] Invalid length'],
    [{ ...RECORD, stableBuild: undefined }, 'stableBuild is missing'],
  ])('names the file and the field of a record that is not one (%#)', (record, error) => {
    writeFileSync(rolloutFile(env), JSON.stringify(record));
    expect(() => readRollout(env)).toThrow(`${rolloutFile(env)}: ${error}`);
  });

  it('names the file that is not JSON', () => {
    writeFileSync(rolloutFile(env), '{"id": ');
    expect(() => readRollout(env)).toThrow(`${rolloutFile(env)} is not JSON`);
  });
});
