import { messages } from '@shared/messages';
import { badRequest } from '../../errors';
import type { HttpMiddleware } from '../event';

/**
 * Parses a JSON body before routing, so malformed JSON sent to any path gets a 400 rather
 * than whatever the route would have said about a missing body.
 */
export function jsonBody(): HttpMiddleware {
  return {
    before: ({ event }) => {
      if (event.body === undefined || event.body === '') return;
      const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      if (text.trim() === '') return;
      try {
        event.state.json = JSON.parse(text);
      } catch {
        throw badRequest(messages.malformedJson);
      }
    },
  };
}
