import { SAMPLE_PROFILE, storedProfile } from './profileData';

describe('stored profile', () => {
  it('restores a saved profile', () => {
    const saved = { ...SAMPLE_PROFILE, city: 'Huế' };
    expect(storedProfile.validate(saved)).toEqual(saved);
  });

  it.each([
    ['a missing field', { ...SAMPLE_PROFILE, email: undefined }],
    ['a number', { ...SAMPLE_PROFILE, phone: 912345678 }],
    ['a list', [SAMPLE_PROFILE]],
    ['null', null],
  ])('discards %s', (_label, data) => {
    expect(storedProfile.validate(data)).toBeUndefined();
  });

  it('drops unknown fields', () => {
    expect(storedProfile.validate({ ...SAMPLE_PROFILE, password: 'x' })).toEqual(SAMPLE_PROFILE);
  });
});
