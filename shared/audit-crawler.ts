/** The product token robots.txt groups address ("User-agent: MarketingAutomationAudit"). */
export const CRAWLER_NAME = 'MarketingAutomationAudit';

/** The crawler's user agent: always the product's name and the page about it (`${appOrigin}/audit-bot`). */
export const crawlerUserAgentFor = (appOrigin: string) =>
  `Mozilla/5.0 (compatible; ${CRAWLER_NAME}/1.0; +${appOrigin}/audit-bot)`;

/**
 * The mobile variant: a phone browser's words first (sites that serve phones other pages look
 * for "Mobile" and "Android"), then the same product name and page.
 */
export const crawlerMobileUserAgentFor = (appOrigin: string) =>
  `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; ${CRAWLER_NAME}/1.0; +${appOrigin}/audit-bot)`;
