export { ProvidersSection } from './providers-section.tsx';
