/**
 * What the page shares as `@reduxjs/toolkit`: the names the shop uses (types are free).
 * Same reasoning and rules as ./react-router-dom.ts.
 */
export { combineSlices, configureStore, createSelector, createSlice } from '@maison/unshared/@reduxjs/toolkit';
