// Fee rules (issue 40, docs/decisions/138 and 139): other features reach them through this file.
export { feeRuleRoutes } from './routes.ts';
export { casePricing, readPricing, type Pricing } from './pricing.ts';
export { caseCancellations } from './cancellations.ts';
