import { isRecord, type StoredValue } from '@maison/shared';

export const PAYMENT_METHODS = ['card', 'wallet', 'bank', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What 'Save this information' keeps for the next checkout. Card details are never stored. */
export interface SavedCheckoutInfo {
  contact: string;
  firstName: string;
  lastName: string;
  address: string;
  apartment: string;
  postalCode: string;
  city: string;
}

export const EMPTY_CHECKOUT_INFO: SavedCheckoutInfo = {
  contact: '',
  firstName: '',
  lastName: '',
  address: '',
  apartment: '',
  postalCode: '',
  city: '',
};

const FIELDS = Object.keys(EMPTY_CHECKOUT_INFO) as Array<keyof SavedCheckoutInfo>;
const MAX_FIELD_LENGTH = 200;

export const storedCheckoutInfo: StoredValue<SavedCheckoutInfo> = {
  key: 'maison-khan:checkout-info',
  version: 1,
  validate(raw) {
    if (!isRecord(raw)) return undefined;
    const info = { ...EMPTY_CHECKOUT_INFO };
    for (const field of FIELDS) {
      const value = raw[field];
      if (value !== undefined && typeof value !== 'string') return undefined;
      info[field] = (value ?? '').slice(0, MAX_FIELD_LENGTH);
    }
    return info;
  },
};

/** The fields an order needs, checked by the browser's own required-field check; the rest are optional. */
export const REQUIRED_FIELDS: ReadonlyArray<keyof SavedCheckoutInfo> = ['contact', 'lastName', 'address', 'city'];

export function trimCheckoutInfo(info: SavedCheckoutInfo): SavedCheckoutInfo {
  return Object.fromEntries(FIELDS.map((field) => [field, info[field].trim()])) as unknown as SavedCheckoutInfo;
}
