import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as cr from 'aws-cdk-lib/custom-resources';
import type {
  CreateDeliveryCommandInput,
  DeleteDeliveryCommandInput,
  DeleteDeliveryDestinationCommandInput,
  DeleteDeliverySourceCommandInput,
  PutDeliveryDestinationCommandInput,
  PutDeliverySourceCommandInput,
  UpdateDeliveryConfigurationCommandInput,
} from '@aws-sdk/client-cloudwatch-logs';
import { Construct } from 'constructs';

/**
 * CloudFront's delivery sources exist only in us-east-1, whatever region the stack is in. The
 * three delivery resources are made there by SDK calls (AwsCustomResource), so the stack itself
 * stays region-agnostic.
 */
const LOGS_REGION = 'us-east-1';

/**
 * The fields CloudFront writes for each request. Left out on purpose:
 * - `cs-uri-query`: the WordPress callback carries the site's application password in its query
 *   (and the other apps' callbacks their one-time codes, the verification link its code);
 * - `cs(Referer)`: a same-origin referrer is the whole address of the page, query included;
 * - `cs(Cookie)`: the session cookie.
 * The path (`cs-uri-stem`) stays: without it a log says nothing. Its only secrets are the
 * spec's single-use reset and invite tokens, which a stolen log cannot replay once used.
 */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'c-ip',
  'c-port',
  'c-country',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'cs-protocol',
  'cs-protocol-version',
  'cs(User-Agent)',
  'cs-bytes',
  'sc-status',
  'sc-bytes',
  'sc-content-type',
  'sc-content-len',
  'time-taken',
  'time-to-first-byte',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'x-edge-request-id',
  'x-host-header',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'cache-behavior-path-pattern',
] as const;

/** Fields that must never be delivered (tests/infra check the list against these). */
export const CLOUDFRONT_SECRET_FIELDS = ['cs-uri-query', 'cs(Referer)', 'cs(Cookie)'] as const;

/** The SDK calls made, typed by the SDK's own inputs: a misspelt parameter fails to compile. */
interface Calls {
  PutDeliverySource: PutDeliverySourceCommandInput;
  DeleteDeliverySource: DeleteDeliverySourceCommandInput;
  PutDeliveryDestination: PutDeliveryDestinationCommandInput;
  DeleteDeliveryDestination: DeleteDeliveryDestinationCommandInput;
  CreateDelivery: CreateDeliveryCommandInput;
  UpdateDeliveryConfiguration: UpdateDeliveryConfigurationCommandInput;
  DeleteDelivery: DeleteDeliveryCommandInput;
}
/** A parameter may also be the resource's physical id, filled in by the handler. */
type Parameters<T> = { [K in keyof T]: T[K] | cr.PhysicalResourceIdReference };

export interface CloudFrontAccessLogsProps {
  distribution: cloudfront.Distribution;
  /** The access-log bucket; CloudFront's files go under `prefix/`. */
  bucket: s3.IBucket;
  prefix: string;
}

/**
 * CloudFront standard logging (v2) into the access-log bucket, with the fields chosen
 * (CLOUDFRONT_LOG_FIELDS). The legacy standard logs cannot leave out the query string, and the
 * query of the WordPress callback is a long-lived password.
 */
export class CloudFrontAccessLogs extends Construct {
  constructor(scope: Construct, id: string, props: CloudFrontAccessLogsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const name = `${stack.stackName}-cloudfront`;
    const sourceArn = `arn:${stack.partition}:logs:${LOGS_REGION}:${stack.account}:delivery-source:${name}`;
    const destinationArn = `arn:${stack.partition}:logs:${LOGS_REGION}:${stack.account}:delivery-destination:${name}`;
    const deliveryArns = `arn:${stack.partition}:logs:${LOGS_REGION}:${stack.account}:delivery:*`;

    // The log service writes as itself, for this account's deliveries only.
    const fromThisAccountsDeliveries = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:logs:${LOGS_REGION}:${stack.account}:*` },
    };
    props.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontLogDeliveryWrite',
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [props.bucket.arnForObjects(`${props.prefix}/*`)],
        conditions: {
          ...fromThisAccountsDeliveries,
          StringEquals: { ...fromThisAccountsDeliveries.StringEquals, 's3:x-amz-acl': 'bucket-owner-full-control' },
        },
      }),
    );
    props.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontLogDeliveryAclCheck',
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:GetBucketAcl', 's3:ListBucket'],
        resources: [props.bucket.bucketArn],
        conditions: fromThisAccountsDeliveries,
      }),
    );

    const logGroup = new logs.LogGroup(this, 'SetupLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const sdkCall = (
      id: string,
      calls: Pick<cr.AwsCustomResourceProps, 'onCreate' | 'onUpdate' | 'onDelete'>,
      statements: iam.PolicyStatement[],
    ) =>
      new cr.AwsCustomResource(this, id, {
        ...calls,
        policy: cr.AwsCustomResourcePolicy.fromStatements(statements),
        installLatestAwsSdk: false,
        logGroup,
        timeout: Duration.minutes(2),
      });
    const call = <A extends keyof Calls>(
      action: A,
      parameters: Parameters<Calls[A]>,
      extra: Partial<cr.AwsSdkCall> = {},
    ): cr.AwsSdkCall => ({
      service: 'CloudWatchLogs',
      action,
      parameters,
      region: LOGS_REGION,
      ...extra,
    });
    const gone = { ignoreErrorCodesMatching: 'ResourceNotFoundException' };

    const sourceParameters: Calls['PutDeliverySource'] = {
      name,
      resourceArn: props.distribution.distributionArn,
      logType: 'ACCESS_LOGS',
    };
    const source = sdkCall(
      'DeliverySource',
      {
        onCreate: call('PutDeliverySource', sourceParameters, { physicalResourceId: cr.PhysicalResourceId.of(name) }),
        onUpdate: call('PutDeliverySource', sourceParameters, { physicalResourceId: cr.PhysicalResourceId.of(name) }),
        onDelete: call('DeleteDeliverySource', { name }, gone),
      },
      [
        new iam.PolicyStatement({
          actions: ['logs:PutDeliverySource', 'logs:DeleteDeliverySource'],
          resources: [sourceArn],
        }),
        // CloudFront's own permission to vend this distribution's logs.
        new iam.PolicyStatement({
          actions: ['cloudfront:AllowVendedLogDeliveryForResource'],
          resources: [props.distribution.distributionArn],
        }),
      ],
    );

    const destinationParameters: Calls['PutDeliveryDestination'] = {
      name,
      outputFormat: 'w3c',
      deliveryDestinationConfiguration: { destinationResourceArn: `${props.bucket.bucketArn}/${props.prefix}` },
    };
    const destination = sdkCall(
      'DeliveryDestination',
      {
        onCreate: call('PutDeliveryDestination', destinationParameters, {
          physicalResourceId: cr.PhysicalResourceId.of(name),
        }),
        onUpdate: call('PutDeliveryDestination', destinationParameters, {
          physicalResourceId: cr.PhysicalResourceId.of(name),
        }),
        onDelete: call('DeleteDeliveryDestination', { name }, gone),
      },
      [
        new iam.PolicyStatement({
          actions: ['logs:PutDeliveryDestination', 'logs:DeleteDeliveryDestination'],
          resources: [destinationArn],
        }),
        // Read only: the bucket's policy above is declared here, never rewritten by the service.
        new iam.PolicyStatement({ actions: ['s3:GetBucketPolicy'], resources: [props.bucket.bucketArn] }),
      ],
    );

    const recordFields = [...CLOUDFRONT_LOG_FIELDS];
    const delivery = sdkCall(
      'Delivery',
      {
        onCreate: call(
          'CreateDelivery',
          {
            deliverySourceName: name,
            // As CloudWatch Logs answered it, not as built here for the policies.
            deliveryDestinationArn: destination.getResponseField('deliveryDestination.arn'),
            recordFields,
          },
          { physicalResourceId: cr.PhysicalResourceId.fromResponse('delivery.id') },
        ),
        // The fields can change in place; the delivery keeps its id.
        onUpdate: call('UpdateDeliveryConfiguration', { id: new cr.PhysicalResourceIdReference(), recordFields }),
        onDelete: call('DeleteDelivery', { id: new cr.PhysicalResourceIdReference() }, gone),
      },
      [
        new iam.PolicyStatement({
          actions: ['logs:CreateDelivery', 'logs:UpdateDeliveryConfiguration', 'logs:DeleteDelivery'],
          resources: [sourceArn, destinationArn, deliveryArns],
        }),
      ],
    );
    delivery.node.addDependency(source, destination);

    Validations.of(delivery).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:${LOGS_REGION}:<AWS::AccountId>:delivery:*]`,
      reason: 'CloudWatch Logs picks a delivery id when it creates it; the source and destination are named.',
    });
    this.acknowledgeSdkCallHandler();
  }

  /**
   * The SDK calls run on CDK's shared AwsCustomResource handler, a stack-level singleton whose
   * role CDK builds with the basic execution policy; each call's own policy is scoped above.
   */
  private acknowledgeSdkCallHandler() {
    const stack = Stack.of(this);
    const handler = stack.node.tryFindChild(`AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    if (!handler) return;
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "CDK's AwsCustomResource handler writes its own logs; what it may call is in each call's scoped policy.",
    });
  }
}
