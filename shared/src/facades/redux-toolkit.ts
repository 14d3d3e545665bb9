/**
 * What the page shares as `@reduxjs/toolkit`: the values the shop uses, and every type.
 * Same reasoning, contract and guards as ./react-router-dom.ts.
 */
export { combineSlices, configureStore, createAction, createSelector, createSlice } from '@maison/unshared/@reduxjs/toolkit';
export type * from '@maison/unshared/@reduxjs/toolkit';
