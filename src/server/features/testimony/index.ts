// The testimony feature (issue 40): testimony on record, the Rule 26 list, the deposition fee history.
export { testimonyRoutes } from './routes.ts';
