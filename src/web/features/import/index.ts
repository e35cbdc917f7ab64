export { ImportSection } from './import-section.tsx';
