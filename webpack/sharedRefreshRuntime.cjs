/* global __resourceQuery */
/** The page's one React Refresh runtime, for every app in it (`npm start`); the query (`?cart`) names the app. */
// Why: docs/decisions/build-and-render.md#fast-refresh
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
