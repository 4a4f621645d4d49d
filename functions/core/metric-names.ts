/**
 * The app's own CloudWatch metrics (Powertools EMF lines in the functions' logs). Shared with
 * infra/aws, whose alarms read them, without loading the Powertools runtime into the CDK app.
 */
export const METRICS_NAMESPACE = 'MarketingAutomation';

/** Per area (dimension `service`): answered requests, and those that were server errors (0 or 1 each). */
export const REQUESTS_METRIC = 'Requests';
export const SERVER_ERRORS_METRIC = 'ServerErrors';
