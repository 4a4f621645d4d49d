import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A loopback server speaking the subset of the OpenAI REST API the AI port uses, as OpenAI documents
 * it: POST /v1/chat/completions (with `response_format` json_schema structured outputs, strict-mode
 * schema rules checked) and POST /v1/images/generations (b64_json). Errors come in OpenAI's body shape
 * `{error: {message, type, param, code}}` with its headers (retry-after, x-ratelimit-*, x-request-id).
 * Each test scripts the next answers per endpoint; unscripted requests get the default handler's.
 */

export type ChatBody = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
  [key: string]: unknown;
};
type ImageBody = { model?: string; prompt: string; n?: number; size?: string; response_format?: string };

type Scripted =
  | { kind: 'content'; content: string; finishReason?: 'stop' | 'length' }
  | { kind: 'refusal'; refusal: string }
  | { kind: 'image'; png: Buffer }
  | {
      kind: 'rate-limit';
      retryAfter?: string;
      retryAfterMs?: string;
      resetRequests?: string;
      code?: string;
      type?: string;
    }
  | { kind: 'server-error'; status?: 500 | 502 | 503 }
  | { kind: 'error'; status: number; message: string; type: string; code?: string | null; param?: string | null };

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeOpenAi {
  /** What a client passes as baseURL (includes the prefix and /v1). */
  baseURL: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Answers for the next requests to chat completions, in order. */
  scriptChat(...answers: Scripted[]): void;
  scriptImages(...answers: Scripted[]): void;
  /** The answer when nothing is scripted: message content for a chat request. */
  onChat: (body: ChatBody) => string;
  /** How long each chat answer takes (a self-hosted model on a CPU): 0 by default. */
  chatLatencyMs: number;
  stop(): Promise<void>;
}

const CHAT = '/v1/chat/completions';
const IMAGES = '/v1/images/generations';

// Both answers return the response, as `res.end()` does, so a handler can `return sendError(...)`.
function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  return res
    .writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req_${randomUUID().replace(/-/g, '')}`,
      'openai-processing-ms': '12',
      ...headers,
    })
    .end(JSON.stringify(payload));
}

function sendError(
  res: ServerResponse,
  status: number,
  error: { message: string; type: string; param?: string | null; code?: string | null },
  headers: Record<string, string> = {},
) {
  return send(
    res,
    status,
    { error: { message: error.message, type: error.type, param: error.param ?? null, code: error.code ?? null } },
    headers,
  );
}

const rateHeaders = (remaining: number, reset: string) => ({
  'x-ratelimit-limit-requests': '500',
  'x-ratelimit-remaining-requests': String(remaining),
  'x-ratelimit-reset-requests': reset,
  'x-ratelimit-limit-tokens': '200000',
  'x-ratelimit-remaining-tokens': '199000',
  'x-ratelimit-reset-tokens': '300ms',
});

/** Strict structured outputs: every object closes additionalProperties and requires all its properties. */
export function strictSchemaProblem(schema: any, path = 'schema'): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.type === 'object' || schema.properties) {
    if (schema.additionalProperties !== false)
      return `In context=('${path}'), 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys(schema.properties ?? {});
    const required: string[] = schema.required ?? [];
    const missing = keys.find((k) => !required.includes(k));
    if (missing)
      return `In context=('${path}'), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    for (const k of keys) {
      const inner = strictSchemaProblem(schema.properties[k], `${path}.properties.${k}`);
      if (inner) return inner;
    }
  }
  for (const bad of ['minLength', 'maxLength', 'prefixItems']) {
    if (bad in schema) return `In context=('${path}'), '${bad}' is not permitted.`;
  }
  if (schema.items) return strictSchemaProblem(schema.items, `${path}.items`);
  for (const alt of schema.anyOf ?? []) {
    const inner = strictSchemaProblem(alt, `${path}.anyOf`);
    if (inner) return inner;
  }
  return undefined;
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return Symbol.for('invalid-json');
  }
}

export async function startFakeOpenAi(options: { prefix?: string; apiKey?: string } = {}): Promise<FakeOpenAi> {
  const prefix = options.prefix ?? '';
  const apiKey = options.apiKey ?? 'sk-test-fake-key';
  const chatQueue: Scripted[] = [];
  const imageQueue: Scripted[] = [];

  const fake: Omit<FakeOpenAi, 'baseURL' | 'stop'> = {
    apiKey,
    requests: [],
    scriptChat: (...answers) => void chatQueue.push(...answers),
    scriptImages: (...answers) => void imageQueue.push(...answers),
    onChat: () => '{}',
    chatLatencyMs: 0,
  };

  /** Answers every scripted kind but content/image, which differ per endpoint; true when it answered. */
  function answerError(res: ServerResponse, model: string, answer: Scripted): boolean {
    if (answer.kind === 'rate-limit') {
      const headers: Record<string, string> = rateHeaders(0, answer.resetRequests ?? '1s');
      if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
      if (answer.retryAfterMs !== undefined) headers['retry-after-ms'] = answer.retryAfterMs;
      const quota = answer.code === 'insufficient_quota';
      sendError(
        res,
        429,
        {
          message: quota
            ? 'You exceeded your current quota, please check your plan and billing details.'
            : `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in ${answer.resetRequests ?? '1s'}.`,
          type: answer.type ?? (quota ? 'insufficient_quota' : 'requests'),
          code: answer.code ?? 'rate_limit_exceeded',
        },
        headers,
      );
      return true;
    }
    if (answer.kind === 'server-error') {
      const status = answer.status ?? 500;
      sendError(res, status, {
        message:
          status === 503
            ? 'The engine is currently overloaded, please try again later.'
            : 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
      });
      return true;
    }
    if (answer.kind === 'error') {
      sendError(res, answer.status, answer);
      return true;
    }
    return false;
  }

  async function chat(res: ServerResponse, body: ChatBody | undefined) {
    if (typeof body?.model !== 'string' || !body.model) {
      return sendError(res, 400, { message: 'you must provide a model parameter', type: 'invalid_request_error' });
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return sendError(res, 400, {
        message: "Invalid 'messages': empty array. Expected an array with minimum length 1.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'empty_array',
      });
    }
    const format = body.response_format;
    if (format?.type === 'json_schema') {
      if (!format.json_schema?.name || !format.json_schema.schema) {
        return sendError(res, 400, {
          message: "Missing required parameter: 'response_format.json_schema.name'.",
          type: 'invalid_request_error',
          param: 'response_format.json_schema',
          code: 'missing_required_parameter',
        });
      }
      const problem = format.json_schema.strict ? strictSchemaProblem(format.json_schema.schema) : undefined;
      if (problem) {
        return sendError(res, 400, {
          message: `Invalid schema for response_format '${format.json_schema.name}': ${problem}`,
          type: 'invalid_request_error',
          param: 'response_format',
          code: null,
        });
      }
    }
    const answer = chatQueue.shift() ?? { kind: 'content', content: fake.onChat(body) };
    if (answerError(res, body.model, answer)) return;
    const content = answer.kind === 'content' ? answer.content : null;
    const refusal = answer.kind === 'refusal' ? answer.refusal : null;
    send(
      res,
      200,
      {
        id: `chatcmpl-${randomUUID()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal, annotations: [] },
            logprobs: null,
            finish_reason: answer.kind === 'content' ? (answer.finishReason ?? 'stop') : 'stop',
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        system_fingerprint: 'fp_fake',
      },
      rateHeaders(499, '120ms'),
    );
  }

  async function images(res: ServerResponse, body: ImageBody | undefined) {
    const model = body?.model ?? 'dall-e-2';
    if (typeof body?.prompt !== 'string' || !body.prompt) {
      return sendError(res, 400, {
        message: "Missing required parameter: 'prompt'.",
        type: 'invalid_request_error',
        param: 'prompt',
        code: 'missing_required_parameter',
      });
    }
    if (model.startsWith('gpt-image') && body.response_format !== undefined) {
      return sendError(res, 400, {
        message: "Unknown parameter: 'response_format'.",
        type: 'invalid_request_error',
        param: 'response_format',
        code: 'unknown_parameter',
      });
    }
    const answer = imageQueue.shift();
    if (answer && answerError(res, model, answer)) return;
    const [w = 1024, h = 1024] = (body.size ?? '1024x1024').split('x').map(Number);
    const png =
      answer?.kind === 'image'
        ? answer.png
        : await sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
            .png()
            .toBuffer();
    const asUrl = !model.startsWith('gpt-image') && body.response_format !== 'b64_json';
    send(res, 200, {
      created: Math.floor(Date.now() / 1000),
      data: [
        asUrl
          ? { url: 'https://example.invalid/image.png' }
          : { b64_json: png.toString('base64'), revised_prompt: body.prompt },
      ],
    });
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readJson(req);
    fake.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(res, 401, {
        message:
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      });
    }
    if (body === Symbol.for('invalid-json')) {
      return sendError(res, 400, {
        message: 'We could not parse the JSON body of your request.',
        type: 'invalid_request_error',
      });
    }
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    if (req.method === 'POST' && url.pathname.startsWith(prefix) && path === CHAT) {
      if (fake.chatLatencyMs) await new Promise((r) => setTimeout(r, fake.chatLatencyMs));
      return chat(res, body);
    }
    if (req.method === 'POST' && url.pathname.startsWith(prefix) && path === IMAGES) return images(res, body);
    return sendError(res, 404, {
      message: `Invalid URL (${req.method} ${url.pathname})`,
      type: 'invalid_request_error',
    });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, 500, { message: String(error), type: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${port}${prefix}/v1`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
