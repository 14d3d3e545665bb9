import { isRecord, type StoredValue } from '@maison/shared';

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
}

export const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postalCode'] as const satisfies ReadonlyArray<
  keyof Profile
>;

/** The sample profile every shopper starts with (there is no sign-in). */
export const SAMPLE_PROFILE: Profile = {
  firstName: 'Linh',
  lastName: 'Nguyễn',
  email: 'linh.nguyen@example.com',
  phone: '+84 912 345 678',
  address: '12 Hàng Gai',
  city: 'Hà Nội',
  postalCode: '100000',
};

const MAX_LENGTH = 200;

/** Stored profile: anything but a complete set of strings is discarded, and the sample returns. */
export const storedProfile: StoredValue<Profile> = {
  key: 'maison-khan:profile',
  version: 1,
  validate(raw) {
    if (!isRecord(raw)) return undefined;
    if (!PROFILE_FIELDS.every((field) => typeof raw[field] === 'string')) return undefined;
    return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, (raw[field] as string).slice(0, MAX_LENGTH)])) as unknown as Profile;
  },
};
