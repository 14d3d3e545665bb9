/**
 * What the page shares as `react-redux`: the names the shop uses (types are free).
 * Same reasoning and rules as ./react-router-dom.ts.
 */
export { Provider, useDispatch, useSelector, useStore } from '@maison/unshared/react-redux';
