import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { STAGING_PREFIX } from '../../../functions/core/media/media-objects';

export interface MediaBucketProps {
  /** The SPA's origin: the browser uploads with presigned PUTs straight to the bucket. */
  appOrigin: string;
  /** Receives the bucket's server access logs (prefix `media/`). */
  accessLogs: s3.IBucket;
}

/**
 * User media (uploads, thumbnails). Never public: the browser reads and writes through
 * presigned URLs only, which is why CORS must allow PUT/GET/HEAD from the app and expose
 * ETag (the upload flow reads it back). Versioned: an overwritten or deleted upload can be
 * restored for 30 days, after which the old versions expire.
 */
export class MediaBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: MediaBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'media/',
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Abandoned browser uploads would otherwise be billed forever.
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        // Browsers upload under staging/ only; POST /api/media/complete writes the library's own
        // object and deletes the staged one. What is left there (uploads never completed, an
        // upload link used again) goes after a day, old versions with it.
        {
          id: 'StagedUploads',
          prefix: STAGING_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
