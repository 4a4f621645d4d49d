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
  /** The app's own domain on CloudFront, with its ACM certificate (which must be in us-east-1). */
  customDomain?: { domainName: string; certificateArn: string };
  /** Subscribed by email to the alarms topic (the subscription must be confirmed once). */
  alarmEmail?: string;
  /**
   * Raised after each rotation of the origin-verify secret: a changed value makes CloudFormation
   * update the distribution, which re-reads the secret (docs/deploying.md, "Rotating secrets").
   */
  originVerifyGeneration?: string;
}

export const DEFAULT_MAIL_FROM = 'no-reply@example.com';
/** Every flag the app knows, off until an operator turns it on. */
export const DEFAULT_FEATURE_FLAGS: Record<string, boolean> = Object.fromEntries(
  FEATURE_FLAGS.map((name) => [name, false]),
);

export function readSettings(app: App): Settings {
  const customDomain = readCustomDomain(app);
  const appOrigin =
    (app.node.tryGetContext('appOrigin') as string | undefined) ??
    (customDomain && `https://${customDomain.domainName}`);
  if (appOrigin !== undefined && !/^https?:\/\/[^/]+$/.test(appOrigin.replace(/\/$/, ''))) {
    throw new Error(`context appOrigin must be an origin like https://app.example.com, got "${appOrigin}"`);
  }
  const mailFrom = (app.node.tryGetContext('mailFrom') as string | undefined) ?? DEFAULT_MAIL_FROM;
  if (!/^[^@\s]+@[^@\s]+$/.test(mailFrom))
    throw new Error(`context mailFrom must be an email address, got "${mailFrom}"`);
  const alarmEmail = app.node.tryGetContext('alarmEmail') as string | undefined;
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+$/.test(alarmEmail)) {
    throw new Error(`context alarmEmail must be an email address, got "${alarmEmail}"`);
  }
  const generation = app.node.tryGetContext('originVerifyGeneration') as string | number | undefined;
  if (generation !== undefined && !/^\d{1,9}$/.test(String(generation))) {
    throw new Error(`context originVerifyGeneration must be a number, got "${generation}"`);
  }
  return {
    originVerifyGeneration: generation === undefined ? undefined : String(generation),
    appOrigin: appOrigin?.replace(/\/$/, ''),
    mailFrom,
    featureFlags: { ...DEFAULT_FEATURE_FLAGS, ...parseFlags(app.node.tryGetContext('featureFlags')) },
    customDomain,
    alarmEmail,
  };
}

/** `-c domainName=app.example.com -c certificateArn=arn:aws:acm:us-east-1:...`: both or neither. */
function readCustomDomain(app: App): Settings['customDomain'] {
  const domainName = app.node.tryGetContext('domainName') as string | undefined;
  const certificateArn = app.node.tryGetContext('certificateArn') as string | undefined;
  if (domainName === undefined && certificateArn === undefined) return undefined;
  if (!domainName || !certificateArn)
    throw new Error('context domainName and certificateArn go together: give both or neither');
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domainName))
    throw new Error(`context domainName must be a host name, got "${domainName}"`);
  // CloudFront only uses certificates from us-east-1.
  if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(`context certificateArn must be an ACM certificate ARN in us-east-1, got "${certificateArn}"`);
  }
  return { domainName, certificateArn };
}

/** `cdk.json` gives an object; `-c featureFlags='{...}'` on the command line gives a string. */
function parseFlags(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('context featureFlags must be a JSON object of flag name → boolean');
  }
  return parsed as Record<string, unknown>;
}
