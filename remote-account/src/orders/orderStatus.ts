/** Delivered is green; Processing and any other status is yellow. */
export type BadgeTone = 'delivered' | 'pending';

export function badgeToneFor(status: string): BadgeTone {
  return status === 'Delivered' ? 'delivered' : 'pending';
}
