import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { header } from './event';
import { behindCloudFront } from './middleware/origin-verify';

/**
 * The viewer's address. Behind CloudFront, API Gateway's sourceIp is the edge server, so the
 * distribution forwards CloudFront-Viewer-Address ("ip:port"). It is trusted only where the
 * origin-verify check runs, i.e. where nothing but CloudFront can reach the API.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  const viewer = behindCloudFront() ? header(event, 'cloudfront-viewer-address') : undefined;
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')) || viewer;
  // Events built by tests or by hand may have no request context.
  const context = event.requestContext as APIGatewayProxyEventV2['requestContext'] | undefined;
  return context ? context.http.sourceIp : 'unknown';
}
