import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * Where S3 server access logs (media and web buckets) and CloudFront's access logs go, each
 * under its own prefix. Both services write under the bucket's policy (server access logs with
 * the serverAccessLogsUseBucketPolicy flag, CloudFront through standard logging v2), so ACLs are
 * off. Kept for 90 days: long enough to look into an incident, short enough not to become a
 * second copy of users' activity.
 */
export class AccessLogsBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
