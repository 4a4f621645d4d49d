import { Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/**
 * The HTTP API in front of the area Lambdas. Each area owns `/api/<area>` and everything
 * under it; the area's own router (middy http-router) dispatches inside, exactly as on the
 * embedded runtime. Browsers reach it through CloudFront, same-origin, so no CORS here.
 */
export class HttpApi extends Construct {
  readonly api: apigw.HttpApi;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.api = new apigw.HttpApi(this, 'Api', { description: 'Marketing automation /api (one Lambda per area)' });
  }

  addArea(area: string, fn: lambda.IFunction) {
    // Payload format 2.0: the event shape functions/core/http and the local server speak.
    const integration = new HttpLambdaIntegration(`${area}Integration`, fn, {
      payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
    });
    for (const path of [`/api/${area}`, `/api/${area}/{proxy+}`]) {
      this.api.addRoutes({ path, methods: [apigw.HttpMethod.ANY], integration });
    }
  }

  /** The execute-api host name, for CloudFront's origin (it wants a domain, not a URL). */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
