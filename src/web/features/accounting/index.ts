// The accounting feature as other features see it: the case page's retainer section and the
// dashboard's low-retainer notice.
export { RetainerSection } from './retainer-section.tsx';
export { RetainerNotices } from './retainer-notices.tsx';
