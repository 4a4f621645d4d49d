/** The model answered, but not with what was asked (schema, rules, refusal): retrying later will not help. */
export class AiReplyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiReplyError';
  }
}
