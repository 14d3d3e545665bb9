/**
 * The host's chunks of the first view are async scripts of the page (server/pageDocument.ts).
 * webpack, asked for a chunk whose script is already in the page, waits on that element's
 * load or error; one that failed before it asked would keep it waiting (two minutes). A chunk
 * script that fails is taken out of the page, so that webpack fetches the chunk afresh.
 */
export function forgetFailedChunks(): void {
  // On the window, in the capture phase: an element's error does not bubble.
  addEventListener(
    'error',
    ({ target }) => {
      // An element's error (a document has no matches).
      if ((target as Element).matches?.('script[async]')) (target as Element).remove();
    },
    true,
  );
}
