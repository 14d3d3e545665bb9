/** Reading a file of the contract: its text parsed and checked by its schema, or an error naming the file and the field. */
import * as v from 'valibot';

/** Any JSON object (not a list): a file whose entries are read one by one after. */
export const JSON_OBJECT = v.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'must be a JSON object',
);

export function readJson<const Schema extends v.GenericSchema>(file: string, text: string, schema: Schema): v.InferOutput<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message})`, { cause: error });
  }
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const what = issue.received === 'undefined' && issue.message.startsWith('Invalid key') ? 'is missing' : issue.message;
  throw new Error(`${file}: ${issuePath(issue) ? `${issuePath(issue)} ${what}` : what}`);
}

/** A value as a problem line shows it: quoted, cut short. */
export const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

/** Where an issue is, as a reader writes it: `routes[2].pattern`. */
export const issuePath = (issue: v.BaseIssue<unknown>): string =>
  (issue.path ?? [])
    .map(({ key }) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
    .replace(/^\./, '');
