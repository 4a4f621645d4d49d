/**
 * The audit's thresholds: spec 02 §9 where it gives one, the reference catalogue
 * (../shared/reference/seo-checks.md) where it is silent. Checks and their descriptions read
 * these, so a number is written once.
 */
export const SEO_THRESHOLDS = {
  /** Spec: title 20-65 characters. */
  titleMin: 20,
  titleMax: 65,
  /** Spec: description up to 158 characters. */
  descriptionMax: 158,
  /** Spec: under 250 words is low. */
  minWords: 250,
  /** Spec: over 400 links per page. */
  maxLinks: 400,
  /** Spec: text-to-HTML ratio under 10%. */
  minTextRatio: 0.1,
  /** Spec: HTML over 3 MB. */
  maxHtmlBytes: 3 * 1024 * 1024,
  /** Spec: URL over 2000 characters; the reference's notice at 200. */
  urlMaxError: 2000,
  urlMaxNotice: 200,
  /** Spec: CSS file over 150 KB, over 50 CSS files, over 30 JS files, JS total over 2 MB. */
  cssFileMaxBytes: 150 * 1024,
  maxCssFiles: 50,
  maxJsFiles: 30,
  jsTotalMaxBytes: 2 * 1024 * 1024,
  /** Spec: redirects above 5% of pages warn, above 10% critical. */
  redirectShareWarning: 0.05,
  redirectShareError: 0.1,
  /** Spec: sitemap over 50 MB or 50,000 URLs. */
  sitemapMaxUrls: 50_000,
  sitemapMaxBytes: 50 * 1024 * 1024,
  /** Spec: external request timeout 15 seconds. */
  requestTimeoutMs: 15_000,
  /** Reference: DOM over 1,500 nodes; click depth over 3; alt over 100 characters. */
  maxDomNodes: 1500,
  maxClickDepth: 3,
  altMax: 100,
  /** Reference: more than 4 query parameters. */
  maxQueryParams: 4,
  /** Reference: time to first byte over 800 ms warns; a page that takes over 3 s in all is slow. */
  slowResponseMs: 800,
  slowPageMs: 3000,
  /** Reference: images over 500 KB. */
  imageMaxBytes: 500 * 1024,
  /** Where spec and reference are silent, the peers' figures: descriptions under 70 characters, H1 over 70. */
  descriptionMin: 70,
  h1Max: 70,
  /** Near-duplicate content: main texts at least 90% alike (estimated Jaccard similarity of 3-word shingles). */
  nearDuplicateSimilarity: 0.9,
  /** A certificate that expires within 30 days warns. */
  certificateWarnDays: 30,
  /** Text resources smaller than this gain nothing from compression. */
  compressMinBytes: 1024,
} as const;
