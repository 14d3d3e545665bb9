/**
 * What the page shares as `react-redux`: the values the shop uses, and every type.
 * Same reasoning, contract and guards as ./react-router-dom.ts.
 */
export { Provider, useDispatch, useSelector, useStore } from '@maison/unshared/react-redux';
export type * from '@maison/unshared/react-redux';
