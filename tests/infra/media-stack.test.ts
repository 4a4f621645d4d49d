import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { STAGING_PREFIX } from '../../functions/core/media/media-objects';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/** The media library in AWS: its two area functions, their grants under staging/ and companies/, and staged uploads expiring. */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const idOf = (name: string) => {
  const fn = stack.apiFunctions.get(name);
  if (!fn) throw new Error(`no api function ${name}`);
  return logicalId(fn);
};

/** Every action the function may take on the media bucket's objects, with the keys it may touch. */
const objectGrants = (functionId: string) =>
  statementsOf(template, functionId)
    .filter((s) => JSON.stringify(s.Resource).includes('MediaBucket') && JSON.stringify(s.Resource).includes('/'))
    .map((s) => ({ actions: actionsOf(s).sort(), resource: JSON.stringify(s.Resource) }));

describe('the media and content areas', () => {
  it('are deployed as functions of their own', () => {
    expect(stack.apiFunctions.has('media')).toBe(true);
    expect(stack.apiFunctions.has('content')).toBe(true);
  });

  it('uploads sign, read and delete only under staging/, and write and read the library under companies/', () => {
    const media = objectGrants(idOf('media'));
    const under = (prefix: string) =>
      media
        .filter((g) => g.resource.includes(`/${prefix}*`))
        .flatMap((g) => g.actions)
        .sort();
    expect(under(STAGING_PREFIX)).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    // No delete, no tagging under companies/: the library object is written by the server only.
    expect(under('companies/')).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(media.every((g) => g.resource.includes(`/${STAGING_PREFIX}*`) || g.resource.includes('/companies/*'))).toBe(
      true,
    );
    expect(media.flatMap((g) => g.actions)).not.toContain('s3:PutObjectTagging');
    const listed = statementsOf(template, idOf('media'))
      .filter((s) => actionsOf(s).includes('s3:ListBucket'))
      .map((s) => JSON.stringify(s.Condition));
    expect(listed.sort()).toEqual(
      [`{"StringLike":{"s3:prefix":"companies/*"}}`, `{"StringLike":{"s3:prefix":"${STAGING_PREFIX}*"}}`].sort(),
    );
  });

  it('the library (content) reads, writes and deletes under companies/ only, never staged uploads', () => {
    const content = objectGrants(idOf('content'));
    expect(content.flatMap((g) => g.actions).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    for (const grant of content) expect(grant.resource).toContain('/companies/*');
  });

  it('never scans the table', () => {
    for (const name of ['media', 'content']) {
      const actions = statementsOf(template, idOf(name)).flatMap(actionsOf);
      expect(actions, name).not.toContain('dynamodb:Scan');
      expect(
        actions.some((a) => a.startsWith('dynamodb:')),
        name,
      ).toBe(true);
    }
  });
});

describe('the media bucket', () => {
  it('expires whatever is left under staging/ after a day (old versions too), and keeps its other rules', () => {
    const [, bucket] = Object.entries(resources(template, 'AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('MediaBucket'),
    )!;
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        Id: 'StagedUploads',
        Status: 'Enabled',
        Prefix: STAGING_PREFIX,
        ExpirationInDays: 1,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      }),
    );
    // Nothing expires under companies/: the library's objects are not removed by a rule.
    for (const rule of rules) {
      if ('ExpirationInDays' in rule) expect(rule.Prefix, JSON.stringify(rule)).toBe(STAGING_PREFIX);
    }
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
  });
});
