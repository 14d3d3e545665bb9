/** Delivered is green; Processing and any other status is yellow (spec §4). */
export type BadgeTone = 'delivered' | 'pending';

export function badgeToneFor(status: string): BadgeTone {
  return status === 'Delivered' ? 'delivered' : 'pending';
}
