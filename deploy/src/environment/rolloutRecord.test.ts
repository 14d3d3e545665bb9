import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rolloutRecord } from '../testing/fixtures.ts';
import { readRollout, rolloutFile, writeRollout } from './rolloutRecord.ts';

const RECORD = rolloutRecord();

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
