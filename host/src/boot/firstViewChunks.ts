/** A first-view chunk script that fails is removed, or fetched again once if webpack already waits on it. */
// Why: docs/decisions/build-and-render.md#failed-chunks
export function forgetFailedChunks(): void {
  // On the window, in the capture phase: an element's error does not bubble.
  addEventListener(
    'error',
    (event) => {
      const failed = event.target as HTMLScriptElement;
      if (!failed.matches?.('script[async]')) return;
      failed.remove();
      const { src, onload, onerror } = failed;
      if (onerror) {
        // Made by script, the second try has no async attribute: its own failure goes to webpack.
        document.head.append(Object.assign(document.createElement('script'), { src, onload, onerror }));
        event.stopPropagation();
      }
    },
    true,
  );
}
