/** Example requests the test suites share (unit, API, end to end); no application code imports this entry. */
export { buildOfferRequest } from './offer-request';
