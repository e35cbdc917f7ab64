import { createContext, useContext } from 'react';

/**
 * "Today" for the components below the app (issue 44): the firm's calendar day as a local Date at
 * midnight, given by the signed-in shell (shared/auth.tsx) from the firm's time zone. Typed dates
 * ('tom', 'next fri') count from it, and emptied date cells become it, whatever the browser's zone.
 */
export const TodayContext = createContext<() => Date>(() => new Date());

export const useToday = () => useContext(TodayContext);
