// The settings sections other features embed (the first-run setup, issue 28); the sections stay here.
export { AddressLookupSection } from './address-lookup-section.tsx';
export { GoogleCalendarSection } from './google-calendar-section.tsx';
