/** Removes a failed chunk script so webpack fetches it afresh instead of waiting on it. */
// Why: docs/decisions/build-and-render.md#failed-chunks
export function forgetFailedChunks(): void {
  // On the window, in the capture phase: an element's error does not bubble.
  addEventListener(
    'error',
    ({ target }) => {
      if ((target as Element).matches?.('script[async]')) (target as Element).remove();
    },
    true,
  );
}
