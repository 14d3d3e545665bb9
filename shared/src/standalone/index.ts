// `@maison/shared/standalone`: the dev frame a remote runs in on its own port. Not part of the
// shared singleton: each remote bundles it, and only its standalone page loads it.
export { renderStandalone } from './renderStandalone';
