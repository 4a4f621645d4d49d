import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { PENDING_TAG } from '../../functions/core/media/media-objects';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/** The media library in AWS: its two area functions, their grants under companies/, and pending uploads expiring. */
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

  it('touch objects only under companies/: uploads sign, read, tag and delete; the library reads, writes and deletes', () => {
    const media = objectGrants(idOf('media'));
    expect(media.flatMap((g) => g.actions).sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    const content = objectGrants(idOf('content'));
    expect(content.flatMap((g) => g.actions).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    for (const grant of [...media, ...content]) expect(grant.resource).toContain('/companies/*');
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
  it('expires uploads still tagged pending after a day, and keeps its other rules', () => {
    const [, bucket] = Object.entries(resources(template, 'AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('MediaBucket'),
    )!;
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        Id: 'PendingUploads',
        Status: 'Enabled',
        ExpirationInDays: 1,
        TagFilters: [{ Key: PENDING_TAG.key, Value: PENDING_TAG.value }],
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
  });
});
