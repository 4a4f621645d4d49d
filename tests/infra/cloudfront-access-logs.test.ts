import * as cwl from '@aws-sdk/client-cloudwatch-logs';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUDFRONT_LOG_FIELDS, CLOUDFRONT_SECRET_FIELDS } from '../../infra/aws/constructs/cloudfront-access-logs';
import { MOTO_MISSING, motoAvailable, startMoto, type Moto } from '../support/moto';
import { resources, synth, SYNTH_TIMEOUT } from './synth';

/**
 * CloudFront's access logs leave out the query string (the WordPress callback's application
 * password), the referrer and cookies. The legacy logging cannot choose fields, so the stack
 * uses standard logging v2, whose three resources live in us-east-1 and are made by SDK calls.
 * Those calls are replayed here against moto's CloudWatch Logs, as CDK's handler makes them.
 */

let template: Template;
beforeAll(() => {
  template = synth().template;
}, SYNTH_TIMEOUT);

type Json = any;
const idStartingWith = (type: string, prefix: string) => {
  const id = Object.keys(resources(template, type)).find((key) => key.startsWith(prefix));
  if (!id) throw new Error(`no ${type} whose id starts with ${prefix}`);
  return id;
};
const logsCalls = () => resources(template, 'Custom::AWS');

/** Values CloudFormation would give the template's references in a stack deployed to eu-west-1. */
const ACCOUNT = '123456789012';
const BUCKET_ARN = 'arn:aws:s3:::marketing-access-logs';
const DISTRIBUTION_ID = 'E2MARKETING';

/** Resolves Ref, Fn::GetAtt and Fn::Join as CloudFormation would, with the answers seen so far. */
function resolve(value: Json, answers: Record<string, Record<string, unknown>>): Json {
  if (Array.isArray(value)) return value.map((v) => resolve(v, answers));
  if (!value || typeof value !== 'object') return value;
  if ('Ref' in value) {
    const pseudo: Record<string, string> = {
      'AWS::Partition': 'aws',
      'AWS::AccountId': ACCOUNT,
      'AWS::Region': 'eu-west-1',
      'AWS::URLSuffix': 'amazonaws.com',
    };
    if (value.Ref in pseudo) return pseudo[value.Ref];
    if (String(value.Ref).startsWith('WebDistribution')) return DISTRIBUTION_ID;
    throw new Error(`unexpected Ref ${value.Ref}`);
  }
  if ('Fn::GetAtt' in value) {
    const [id, attribute] = value['Fn::GetAtt'] as [string, string];
    if (id.startsWith('AccessLogsBucket') && attribute === 'Arn') return BUCKET_ARN;
    const answer = answers[id]?.[attribute];
    if (answer === undefined) throw new Error(`GetAtt ${id}.${attribute} before ${id} answered`);
    return answer;
  }
  if ('Fn::Join' in value) {
    const [separator, parts] = value['Fn::Join'] as [string, Json[]];
    return resolve(parts, answers).join(separator);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, answers)]));
}

/** The SDK answer flattened to dotted paths, as CDK's handler hands it to GetAtt. */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) if (k !== '$metadata') flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = value;
  return out;
}

describe('CloudFront access logs in the template', () => {
  it('turn the legacy logging off (it would record every query string)', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Logging: Match.absent() }),
    });
  });

  it('deliver every useful field but the query string, referrer and cookies', () => {
    expect(CLOUDFRONT_LOG_FIELDS).toEqual(expect.arrayContaining(['date', 'time', 'c-ip', 'cs-uri-stem', 'sc-status']));
    for (const secret of CLOUDFRONT_SECRET_FIELDS) expect(CLOUDFRONT_LOG_FIELDS).not.toContain(secret);
    const create = JSON.stringify(
      logsCalls()[idStartingWith('Custom::AWS', 'WebAccessLogsDelivery1')]!.Properties.Create,
    );
    expect(create).toContain('CreateDelivery');
    expect(create).toContain(JSON.stringify(JSON.stringify(CLOUDFRONT_LOG_FIELDS)).slice(1, -1));
    for (const secret of CLOUDFRONT_SECRET_FIELDS) expect(create).not.toContain(secret.replace(/[()]/g, ''));
  });

  it('let only the log service, for this account, write under cloudfront/ in the access-log bucket', () => {
    const bucket = idStartingWith('AWS::S3::Bucket', 'AccessLogsBucket');
    const policy = Object.values(resources(template, 'AWS::S3::BucketPolicy')).find(
      (p) => p.Properties.Bucket.Ref === bucket,
    )!;
    const statements = policy.Properties.PolicyDocument.Statement as Json[];
    const writes = statements.filter((s) => s.Principal?.Service === 'delivery.logs.amazonaws.com');
    expect(writes.map((s) => s.Action)).toEqual(['s3:PutObject', ['s3:GetBucketAcl', 's3:ListBucket']]);
    const put = resolve(writes[0], {});
    expect(put.Resource).toBe(`${BUCKET_ARN}/cloudfront/*`);
    expect(put.Condition.StringEquals).toEqual({
      'aws:SourceAccount': ACCOUNT,
      's3:x-amz-acl': 'bucket-owner-full-control',
    });
    expect(put.Condition.ArnLike).toEqual({ 'aws:SourceArn': `arn:aws:logs:us-east-1:${ACCOUNT}:*` });
    // ACLs off: every writer is named by the policy.
    expect(resources(template, 'AWS::S3::Bucket')[bucket]!.Properties.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
    });
  });

  it('give each SDK call a policy naming its own resources', () => {
    const policies = Object.entries(resources(template, 'AWS::IAM::Policy')).filter(([id]) =>
      id.startsWith('WebAccessLogs'),
    );
    expect(policies).toHaveLength(3);
    const statements = policies.flatMap(([, p]) => resolve(p.Properties.PolicyDocument.Statement, {}) as Json[]);
    const byAction = Object.fromEntries(
      statements.flatMap((s) => [s.Action].flat().map((a: string) => [a, s.Resource])),
    );
    const source = `arn:aws:logs:us-east-1:${ACCOUNT}:delivery-source:MarketingAutomation-cloudfront`;
    const destination = `arn:aws:logs:us-east-1:${ACCOUNT}:delivery-destination:MarketingAutomation-cloudfront`;
    expect(byAction['logs:PutDeliverySource']).toBe(source);
    expect(byAction['logs:PutDeliveryDestination']).toBe(destination);
    expect([...byAction['logs:CreateDelivery']].sort()).toEqual(
      [source, destination, `arn:aws:logs:us-east-1:${ACCOUNT}:delivery:*`].sort(),
    );
    expect(byAction['cloudfront:AllowVendedLogDeliveryForResource']).toBe(
      `arn:aws:cloudfront::${ACCOUNT}:distribution/${DISTRIBUTION_ID}`,
    );
    expect(byAction['s3:GetBucketPolicy']).toBe(BUCKET_ARN);
    expect(statements.flatMap((s) => [s.Resource].flat())).not.toContain('*');
  });
});

const available = motoAvailable();
if (!available) console.warn(MOTO_MISSING);

describe.skipIf(!available)("the delivery's SDK calls against moto's CloudWatch Logs", () => {
  let moto: Moto | undefined;
  beforeAll(async () => {
    moto = await startMoto();
  }, 60_000);
  afterAll(async () => moto?.stop());

  const client = (region: string) => {
    if (!moto) throw new Error('moto did not start');
    return new cwl.CloudWatchLogsClient({
      region,
      endpoint: moto.endpoint,
      credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' },
    });
  };

  /** One call of a Custom::AWS resource, sent as CDK's handler sends it. */
  async function send(
    resourceId: string,
    phase: 'Create' | 'Update' | 'Delete',
    answers: Record<string, Record<string, unknown>>,
    physicalIds: Record<string, string>,
  ) {
    const props = logsCalls()[resourceId]!.Properties;
    const call: Json = JSON.parse(resolve(props[phase], answers));
    expect(call.service).toBe('CloudWatchLogs');
    expect(call.region).toBe('us-east-1');
    const parameters = JSON.parse(
      JSON.stringify(call.parameters).replaceAll('PHYSICAL:RESOURCEID:', physicalIds[resourceId] ?? ''),
    );
    const Command = (cwl as unknown as Record<string, new (input: unknown) => cwl.PutDeliverySourceCommand>)[
      `${call.action}Command`
    ];
    expect(Command, call.action).toBeTypeOf('function');
    try {
      const answer = flatten(await client(call.region).send(new Command!(parameters)));
      answers[resourceId] = answer;
      const physical = call.physicalResourceId;
      if (physical) physicalIds[resourceId] = physical.id ?? (answer[physical.responsePath] as string);
      return { ignored: false };
    } catch (error) {
      const name = (error as Error).name;
      if (call.ignoreErrorCodesMatching && new RegExp(call.ignoreErrorCodesMatching).test(name))
        return { ignored: true };
      throw error;
    }
  }

  it('create the source, destination and delivery in us-east-1, update them, and delete them cleanly', async () => {
    const source = idStartingWith('Custom::AWS', 'WebAccessLogsDeliverySource');
    const destination = idStartingWith('Custom::AWS', 'WebAccessLogsDeliveryDestination');
    const delivery = idStartingWith('Custom::AWS', 'WebAccessLogsDelivery1');
    // CloudFormation's order: the delivery waits on both (DependsOn and GetAtt).
    expect(template.toJSON().Resources[delivery].DependsOn).toEqual(expect.arrayContaining([source, destination]));
    const answers: Record<string, Record<string, unknown>> = {};
    const physicalIds: Record<string, string> = {};
    for (const id of [source, destination, delivery]) await send(id, 'Create', answers, physicalIds);

    const east = client('us-east-1');
    const made = await east.send(new cwl.GetDeliveryCommand({ id: physicalIds[delivery] }));
    expect(made.delivery?.recordFields).toEqual([...CLOUDFRONT_LOG_FIELDS]);
    expect(made.delivery?.deliverySourceName).toBe('MarketingAutomation-cloudfront');
    const sink = await east.send(new cwl.GetDeliveryDestinationCommand({ name: 'MarketingAutomation-cloudfront' }));
    expect(sink.deliveryDestination?.deliveryDestinationConfiguration?.destinationResourceArn).toBe(
      `${BUCKET_ARN}/cloudfront`,
    );
    expect(sink.deliveryDestination?.outputFormat).toBe('w3c');
    const from = await east.send(new cwl.GetDeliverySourceCommand({ name: 'MarketingAutomation-cloudfront' }));
    expect(from.deliverySource?.resourceArns).toEqual([
      `arn:aws:cloudfront::${ACCOUNT}:distribution/${DISTRIBUTION_ID}`,
    ]);
    expect(from.deliverySource?.logType).toBe('ACCESS_LOGS');
    // Nothing was made in the stack's own region.
    const home = await client('eu-west-1').send(new cwl.DescribeDeliverySourcesCommand({}));
    expect(home.deliverySources ?? []).toEqual([]);

    // A stack update re-puts the source and destination unchanged (the service refuses a change
    // of resource or format); moto has no UpdateDeliveryConfiguration, so the delivery's own
    // update is checked for its shape only.
    await send(source, 'Update', answers, physicalIds);
    await send(destination, 'Update', answers, physicalIds);
    const update: Json = JSON.parse(resolve(logsCalls()[delivery]!.Properties.Update, answers));
    expect(update).toMatchObject({
      action: 'UpdateDeliveryConfiguration',
      parameters: { id: 'PHYSICAL:RESOURCEID:', recordFields: [...CLOUDFRONT_LOG_FIELDS] },
    });

    // Stack deletion: the delivery first, then what it joined; a second delete finds nothing and is ignored.
    for (const id of [delivery, destination, source]) {
      expect(await send(id, 'Delete', answers, physicalIds)).toEqual({ ignored: false });
    }
    expect((await east.send(new cwl.DescribeDeliveriesCommand({}))).deliveries ?? []).toEqual([]);
    expect((await east.send(new cwl.DescribeDeliverySourcesCommand({}))).deliverySources ?? []).toEqual([]);
    for (const id of [delivery, destination, source]) {
      expect(await send(id, 'Delete', answers, physicalIds)).toEqual({ ignored: true });
    }
  });
});
