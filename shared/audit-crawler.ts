/** The product token robots.txt groups address ("User-agent: MarketingAutomationAudit"). */
export const CRAWLER_NAME = 'MarketingAutomationAudit';

/** The crawler's user agent: always the product's name and the page about it (`${appOrigin}/audit-bot`). */
export const crawlerUserAgentFor = (appOrigin: string) =>
  `Mozilla/5.0 (compatible; ${CRAWLER_NAME}/1.0; +${appOrigin}/audit-bot)`;
