import type { App } from 'aws-cdk-lib';
import { FEATURE_FLAGS } from '../../shared/constants';

/** Deployment settings read from CDK context (`cdk.json` or `cdk synth -c key=value`). */
export interface Settings {
  /**
   * The app's public origin, for CORS on the media bucket and the API's Origin check.
   * Undefined means "the CloudFront distribution's own domain", resolved at deploy time.
   */
  appOrigin?: string;
  mailFrom: string;
  /** JSON map of flag name → boolean, passed verbatim as FEATURE_FLAGS. */
  featureFlags: Record<string, unknown>;
}

export const DEFAULT_MAIL_FROM = 'no-reply@example.com';
/** Every flag the app knows, off until an operator turns it on. */
export const DEFAULT_FEATURE_FLAGS: Record<string, boolean> = Object.fromEntries(FEATURE_FLAGS.map((name) => [name, false]));

export function readSettings(app: App): Settings {
  const appOrigin = app.node.tryGetContext('appOrigin') as string | undefined;
  if (appOrigin !== undefined && !/^https?:\/\/[^/]+$/.test(appOrigin.replace(/\/$/, ''))) {
    throw new Error(`context appOrigin must be an origin like https://app.example.com, got "${appOrigin}"`);
  }
  const mailFrom = (app.node.tryGetContext('mailFrom') as string | undefined) ?? DEFAULT_MAIL_FROM;
  if (!/^[^@\s]+@[^@\s]+$/.test(mailFrom)) throw new Error(`context mailFrom must be an email address, got "${mailFrom}"`);
  return {
    appOrigin: appOrigin?.replace(/\/$/, ''),
    mailFrom,
    featureFlags: { ...DEFAULT_FEATURE_FLAGS, ...parseFlags(app.node.tryGetContext('featureFlags')) },
  };
}

/** `cdk.json` gives an object; `-c featureFlags='{...}'` on the command line gives a string. */
function parseFlags(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('context featureFlags must be a JSON object of flag name → boolean');
  }
  return parsed as Record<string, unknown>;
}
