// The engagement letter feature as others see it (issue 39): its Settings section and the case page's section.
export { EngagementTemplateSection } from './template-section.tsx';
export { EngagementSection } from './engagement-section.tsx';
