/* global __resourceQuery */
/**
 * The page's one React Refresh runtime, for every app in it (`npm start` only).
 *
 * Each app bundles its own copy of react-refresh/runtime, but only one of them may run: the
 * runtime hooks into React DOM as React DOM starts (the host's page loads first), and an edit
 * registered in a second copy reaches no renderer (the remote's update applies, "App is up to
 * date", and the screen never changes). So every app's requests for the runtime come here
 * (webpack/fastRefresh.ts), and the first app to load keeps its copy for all.
 *
 * The query names the app (`?cart`): its components are registered under its own name, since
 * two apps can hold a component at the same module path (./src/pages/…), and React Refresh
 * would take the second for an edit of the first.
 */
const app = __resourceQuery.slice(1);
const shared = (globalThis.__MAISON_REACT_REFRESH__ ??= { runtime: require('react-refresh/runtime'), hookInjected: false });
const { runtime } = shared;

module.exports = {
  ...runtime,
  register: (type, id) => runtime.register(type, `${app} ${id}`),
  // Every app's refresh entry asks for this; wrapping React's DevTools hook twice only doubles the work.
  injectIntoGlobalHook(globalObject) {
    if (shared.hookInjected) return;
    shared.hookInjected = true;
    runtime.injectIntoGlobalHook(globalObject);
  },
};
