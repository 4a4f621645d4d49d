import { Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * Requests per second for the whole API, and the burst above it. Well above what the app's
 * users make (a page makes a handful of calls), low enough that a flood is refused by API
 * Gateway (429) before it turns into Lambda concurrency and DynamoDB bills. The app's own rate
 * limits (sign-in, mails) still apply per user and per client below this.
 */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 };

/** One JSON line per request: what the 5xx alarm points at, with the ids to find the Lambda's lines. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
  sourceIp: '$context.identity.sourceIp',
  responseLength: '$context.responseLength',
};

/**
 * The HTTP API in front of the area Lambdas. Each area owns `/api/<area>` and everything
 * under it; the area's own router (middy http-router) dispatches inside, exactly as on the
 * embedded runtime. Browsers reach it through CloudFront, same-origin, so no CORS here.
 */
export class HttpApi extends Construct {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.api = new apigw.HttpApi(this, 'Api', {
      description: 'Marketing automation /api (one Lambda per area)',
      // The default stage is declared below, with throttling and access logs.
      createDefaultStage: false,
    });
    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.stage = this.api.addStage('Stage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
  }

  addArea(area: string, fn: lambda.IFunction) {
    // Payload format 2.0: the event shape functions/core/http and the local server speak.
    const integration = new HttpLambdaIntegration(`${area}Integration`, fn, {
      payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
    });
    for (const path of [`/api/${area}`, `/api/${area}/{proxy+}`]) {
      for (const route of this.api.addRoutes({ path, methods: [apigw.HttpMethod.ANY], integration })) {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'Authorization is per route inside the area Lambda: every route declares public/user/company access, checked by ' +
            'middleware from the session cookie before its handler runs (tenant-isolation test); sign-up and sign-in must be public.',
        });
      }
    }
  }

  /** The execute-api host name, for CloudFront's origin (it wants a domain, not a URL). */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
