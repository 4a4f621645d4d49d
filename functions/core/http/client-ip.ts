import { header } from './event';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The viewer's address. Behind CloudFront, API Gateway's sourceIp is the edge server, so the
 * distribution forwards CloudFront-Viewer-Address ("ip:port"), which viewers cannot forge.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  const viewer = header(event, 'cloudfront-viewer-address');
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')) || viewer;
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}
