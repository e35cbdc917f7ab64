// The testimony feature as others see it (issue 40): the case page's section.
export { TestimonySection } from './testimony-section.tsx';
