import { parseStored } from '@maison/shared';
import { SAMPLE_PROFILE, storedProfile } from './profileData';

const stored = (data: unknown) => JSON.stringify({ version: 1, data });

describe('stored profile', () => {
  it('restores a saved profile', () => {
    const saved = { ...SAMPLE_PROFILE, city: 'Huế' };
    expect(parseStored(storedProfile, stored(saved))).toEqual(saved);
  });

  it.each([
    ['a missing field', { ...SAMPLE_PROFILE, email: undefined }],
    ['a number', { ...SAMPLE_PROFILE, phone: 912345678 }],
    ['a list', [SAMPLE_PROFILE]],
    ['null', null],
  ])('discards %s', (_label, data) => {
    expect(parseStored(storedProfile, stored(data))).toBeUndefined();
  });

  it('drops unknown fields', () => {
    expect(parseStored(storedProfile, stored({ ...SAMPLE_PROFILE, password: 'x' }))).toEqual(SAMPLE_PROFILE);
  });
});
