// The evidence feature as others see it (issue 42): the case page's section.
export { EvidenceSection } from './evidence-section.tsx';
