/**
 * The text to show or log for anything thrown or rejected: an Error's message, a string as it
 * is, a router error response's status text, anything else as text.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error && 'statusText' in error) return String((error as { statusText: unknown }).statusText);
  return String(error);
}
