export { ApiTokensSection } from './api-tokens-section.tsx';
