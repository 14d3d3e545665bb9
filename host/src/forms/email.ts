/** A practical email check: something@domain.tld with no spaces. Nothing is sent, so no deeper check is needed. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type EmailProblem = 'missing' | 'invalid';

export function emailProblem(value: string): EmailProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'missing';
  return EMAIL_PATTERN.test(trimmed) ? undefined : 'invalid';
}
