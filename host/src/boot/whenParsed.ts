/** Runs `then` once the document has been parsed (at once if it already has). */
export function whenParsed(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then);
  else then();
}
