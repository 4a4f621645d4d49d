import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { loadSharp } from '../media/load-sharp';
import type { z } from 'zod';
import { TransientError } from '../errors';
import { AiReplyError } from './ai-errors';
import type { AiPort, GeneratedImage, ImageRequest } from './ai-port';
import {
  blogPostsPrompt,
  type ChatPrompt,
  idealCustomersPrompt,
  imagePrompt,
  keywordsPrompt,
  marketingPlanPrompt,
  overviewPrompt,
  postsPrompt,
  reviewReplyPrompt,
} from './prompts';
import {
  blogPostsReply,
  idealCustomersReply,
  keywordsReply,
  marketingPlanReply,
  overviewReply,
  postsReply,
  reviewReplyReply,
  strictJsonSchema,
} from './reply-schemas';
import {
  type AttemptVerdict,
  defaultRetryPolicy,
  RetriesExhausted,
  type RetryPolicy,
  serverWaitMs,
  withRetries,
} from './retry';
import { taskSignal } from '../jobs/task-signal';

export interface OpenAiAdapterOptions {
  apiKey: string;
  /** OpenAI's by default; any OpenAI-compatible server (Ollama, vLLM, LM Studio) works. */
  baseURL?: string;
  textModel: string;
  imageModel: string;
  retry?: Partial<RetryPolicy>;
  /** Per HTTP request; long plans and blog batches take a while. */
  timeoutMs?: number;
}

/**
 * Whether a failed call is worth another attempt. 429 (but not an exhausted quota, which no wait
 * fixes), 408/409 and 5xx are; the server's `x-should-retry` wins when it says either way.
 */
function classifyOpenAiError(error: unknown): AttemptVerdict {
  if (error instanceof APIConnectionError) return { retry: true };
  if (!isApiError(error)) return { retry: false };
  const { status, headers, code, type } = error;
  if (status === undefined) return { retry: false };
  const should = headers?.get('x-should-retry');
  if (should === 'false') return { retry: false };
  const quota = code === 'insufficient_quota' || type === 'insufficient_quota';
  const retryable = should === 'true' || (status === 429 && !quota) || [408, 409].includes(status) || status >= 500;
  return retryable ? { retry: true, serverWaitMs: serverWaitMs(headers) } : { retry: false };
}

/** `instanceof` alone gives the generic class `any` type arguments; this guard keeps the SDK's declared ones. */
function isApiError(error: unknown): error is APIError {
  return error instanceof APIError;
}

function describe(error: unknown): string {
  if (isApiError(error) && error.status) return `HTTP ${error.status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** The parts of a chat completion's first choice that `structured` reads. */
interface FirstChoice {
  content: string;
  refusal?: string | null;
  finishReason?: string | null;
}

/**
 * Reads the first choice without trusting every field the SDK's types promise: OpenAI-compatible
 * servers do not all send them, and a reply with fields missing is a reply to reject, not a crash.
 */
function firstChoice(completion: ChatCompletion): FirstChoice {
  const loose: {
    choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string | null }[];
  } = completion;
  const choice = loose.choices?.[0];
  return {
    content: choice?.message?.content ?? '',
    refusal: choice?.message?.refusal,
    finishReason: choice?.finish_reason,
  };
}

/** Image models that answer with a URL unless asked for base64; the gpt-image family always sends base64. */
const wantsResponseFormat = (model: string) => !model.startsWith('gpt-image');

function imageSize(model: string, width: number, height: number): string {
  if (width === height) return '1024x1024';
  const wide = model.startsWith('dall-e-3') ? '1792x1024' : '1536x1024';
  const tall = model.startsWith('dall-e-3') ? '1024x1792' : '1024x1536';
  return width > height ? wide : tall;
}

export function createOpenAiAdapter(options: OpenAiAdapterOptions): AiPort {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    // Retries are ours (withRetries): bounded, testable, and the end state is a TransientError.
    maxRetries: 0,
    timeout: options.timeoutMs ?? 120_000,
  });
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };

  /**
   * One request with our retries, under the worker's task signal: a Task about to time out
   * cancels the request in flight and starts no other, so its answer cannot be used late.
   */
  async function call<T>(what: string, request: (options: { signal?: AbortSignal }) => Promise<T>): Promise<T> {
    const signal = taskSignal();
    try {
      return await withRetries(
        () => {
          signal?.throwIfAborted();
          return request({ signal });
        },
        classifyOpenAiError,
        policy,
      );
    } catch (error) {
      if (error instanceof RetriesExhausted) {
        const when =
          error.reason === 'server-wait' ? 'the server asked to wait too long' : `${error.attempts} attempts`;
        throw new TransientError(`${what} is unavailable for now (${describe(error.lastError)}; ${when})`, {
          cause: error.lastError,
        });
      }
      if (error instanceof APIError) throw new Error(`${what} failed: ${describe(error)}`, { cause: error });
      throw error;
    }
  }

  /**
   * One structured chat completion, checked with zod. A reply that fails the checks is shown its
   * problems and asked once more; a second failure is an AiReplyError naming them.
   */
  async function structured<S extends z.ZodType>(
    what: string,
    name: string,
    schema: S,
    prompt: ChatPrompt,
  ): Promise<z.output<S>> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user },
    ];
    const responseFormat = {
      type: 'json_schema' as const,
      json_schema: { name, strict: true, schema: strictJsonSchema(schema) },
    };
    for (let attempt = 1; ; attempt++) {
      const completion = await call(what, (requestOptions) =>
        client.chat.completions.create(
          { model: options.textModel, messages, response_format: responseFormat },
          requestOptions,
        ),
      );
      const { content, refusal, finishReason } = firstChoice(completion);
      if (refusal) throw new AiReplyError(`${what}: the model refused (${refusal})`);
      const checked = checkReply(schema, content, finishReason);
      if (checked.ok) return checked.value;
      if (attempt >= 2)
        throw new AiReplyError(`${what}: the model's reply did not pass validation twice (${checked.problem})`);
      messages.push(
        { role: 'assistant', content },
        {
          role: 'user',
          content: `That reply was rejected: ${checked.problem}. Answer again with corrected JSON only.`,
        },
      );
    }
  }

  async function image({ prompt, style, width = 1024, height = 1024 }: ImageRequest): Promise<GeneratedImage> {
    const model = options.imageModel;
    const result = await call('Image generation', (requestOptions) =>
      client.images.generate(
        {
          model,
          prompt: imagePrompt(prompt, style),
          n: 1,
          size: imageSize(model, width, height),
          ...(wantsResponseFormat(model) ? { response_format: 'b64_json' as const } : {}),
        },
        requestOptions,
      ),
    );
    const item = result.data?.[0];
    let bytes: Buffer | undefined = item?.b64_json ? Buffer.from(item.b64_json, 'base64') : undefined;
    if (!bytes && item?.url) {
      const signal = taskSignal();
      const res = await fetch(item.url, signal ? { signal } : {});
      if (!res.ok) throw new TransientError(`Image download failed: HTTP ${res.status}`);
      bytes = Buffer.from(await res.arrayBuffer());
    }
    if (!bytes?.length) throw new AiReplyError('Image generation: the reply held no image');
    const sharp = await loadSharp();
    const decoded = sharp(bytes);
    const meta = await decoded.metadata().catch((error: unknown) => {
      throw new AiReplyError('Image generation: the reply is not a readable image', { cause: error });
    });
    const png = meta.format === 'png' ? bytes : await decoded.png().toBuffer();
    return { png, width: meta.width, height: meta.height };
  }

  return {
    kind: 'openai',
    companyOverview: (site, hints) =>
      structured('Company overview', 'company_overview', overviewReply, overviewPrompt(site, hints)),
    async idealCustomers(company) {
      const reply = await structured(
        'Ideal customers',
        'ideal_customers',
        idealCustomersReply,
        idealCustomersPrompt(company),
      );
      // The schema asks for exactly two; this guard only makes that visible to the type checker.
      const [first, second] = reply.profiles;
      if (first === undefined || second === undefined)
        throw new AiReplyError('Ideal customers: the reply held fewer than two profiles');
      return [first, second];
    },
    async marketingPlan(request) {
      return (await structured('Marketing plan', 'marketing_plan', marketingPlanReply, marketingPlanPrompt(request)))
        .plan;
    },
    async posts(request) {
      if (request.count < 1) return [];
      const schema = postsReply(request.platform, request.count);
      return (await structured('Post generation', 'social_posts', schema, postsPrompt(request))).posts;
    },
    async blogPosts(request) {
      if (request.count < 1) return [];
      const schema = blogPostsReply(request.platform, request.count);
      return (await structured('Blog generation', 'blog_posts', schema, blogPostsPrompt(request))).posts;
    },
    async reviewReply(company, review) {
      return (await structured('Review reply', 'review_reply', reviewReplyReply, reviewReplyPrompt(company, review)))
        .reply;
    },
    async keywords(request) {
      if (request.count < 1) return [];
      return (
        await structured('Keyword suggestions', 'seo_keywords', keywordsReply(request.count), keywordsPrompt(request))
      ).keywords;
    },
    image,
  };
}

/** The reply's value when it passes the schema, else what is wrong with it, worded for the model. */
function checkReply<S extends z.ZodType>(
  schema: S,
  content: string,
  finishReason: string | null | undefined,
): { ok: false; problem: string } | { ok: true; value: z.output<S> } {
  if (finishReason === 'length')
    return { ok: false, problem: 'the reply was cut off at the length limit; be more concise' };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'the reply is not valid JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.slice(0, 8).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return { ok: false, problem: issues.join('; ') };
}
