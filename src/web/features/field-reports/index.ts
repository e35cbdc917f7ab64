// The field reports feature as Settings sees it: its section, fetched when the section opens.
export { ReviewRuleSection } from './review-rule-section.tsx';
